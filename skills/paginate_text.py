"""Split a long text into pages at line boundaries, so it can be read a page at a time."""


def pages(text, page_chars=4000):
    """All pages of at most page_chars characters; a line longer than a page is cut."""
    if page_chars < 1:
        raise ValueError("page_chars must be at least 1")
    result, current = [], ""
    for line in text.splitlines(keepends=True):
        while len(line) > page_chars:
            if current:
                result.append(current)
                current = ""
            result.append(line[:page_chars])
            line = line[page_chars:]
        if len(current) + len(line) > page_chars:
            result.append(current)
            current = ""
        current += line
    if current or not result:
        result.append(current)
    return result


def page(text, number=1, page_chars=4000):
    """Page `number` (1-based) as {'page', 'pages', 'text', 'has_more'}."""
    all_pages = pages(text, page_chars)
    if not 1 <= number <= len(all_pages):
        raise ValueError("page %d does not exist; there are %d" % (number, len(all_pages)))
    return {"page": number, "pages": len(all_pages), "text": all_pages[number - 1],
            "has_more": number < len(all_pages)}
