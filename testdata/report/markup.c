/* A scanner's character classes for an HTML-like template language, and a
 * weight that needs floating point. The HTML report's tests use it: its
 * source is full of <, > and &, one string is markup, one outcome is
 * proved unreachable, the floating-point ones are covered. */

static const char *const kind_names[] = { "text", "</td><script>alert(1)</script>", "entity" };

const char *markup_name(int kind)
{
    if (kind < 0 || kind > 2)
        return "?";
    return kind_names[kind];
}

int markup_class(int c, int depth)
{
    int kind = 0;
    if (c == '<' && depth >= 0)
        kind = 1;
    else if (c == '&' || c == ';')
        kind = 2;
    if (kind == 1 && c != '<')  /* cannot happen */
        return -1;
    return kind;
}

int markup_weight(int c)
{
    if (c > 0) {
        double w = c * 0.5;
        if (w > 10.0)
            return 2;
        return 1;
    }
    return 0;
}
