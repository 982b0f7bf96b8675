n=$(wc -l < runs.log); echo "$n line"; test "$n" -eq 1
