import re


def slugify(text, sep="-"):
    """Turn a post title into the last part of its URL."""
    text = text.lower()
    text = re.sub(r"[^a-z0-9]+", sep, text)
    return text
