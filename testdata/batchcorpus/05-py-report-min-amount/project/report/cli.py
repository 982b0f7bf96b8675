import argparse

from .load import load_rows
from .summary import summarise, render


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="report", description="Summarise an expenses CSV by category.")
    p.add_argument("csv", help="the expenses file (date,category,amount)")
    p.add_argument("--top", type=int, default=0, help="show only the N biggest categories")
    return p.parse_args(argv)


def main(argv=None, out=None):
    args = parse_args(argv)
    rows = load_rows(args.csv)
    totals = summarise(rows)
    text = render(totals, top=args.top)
    if out is None:
        print(text)
    else:
        out.write(text + "\n")
    return 0
