#!/bin/sh
# backup.sh SRC DEST: copy SRC to DEST/NAME.bak and list its files in MANIFEST.
set -eu

if [ $# -ne 2 ]; then
	echo "usage: backup.sh SRC DEST" >&2
	exit 2
fi
src=$1
dest=$2
name=$(basename $src)
out=$dest/$name.bak

rm -rf $out
mkdir -p $out
cp -R $src/. $out/
(cd $out && find . -type f ! -name MANIFEST | sort > MANIFEST)
echo "backed up $src to $out"
