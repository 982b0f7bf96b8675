from textkit import slugify


def post_path(post):
    return f"posts/{slugify(post['title'])}.html"
