/* A parser state with bit-field flags and a flexible buffer, in the style
 * of an HTTP or XML parser. Reading the buffer is cut; the flags (bytes
 * with shifts and masks) and the counters are answered. */
struct parser {
    unsigned state;
    unsigned nread;
    unsigned char http_major;
    unsigned char http_minor;
    unsigned upgrade : 1;
    unsigned keep_alive : 1;
    unsigned chunked : 1;
    unsigned lenient : 5;
    int error;
    unsigned len;
    char buf[];
};

int parser_version(const struct parser *p)
{
    if (p->http_major > 1)
        return 2;
    if (p->http_major == 1 && p->http_minor >= 1)
        return 1;
    return 0;
}

int parser_should_keep_alive(const struct parser *p)
{
    if (p->http_major > 0 && p->http_minor > 0) {
        if (p->keep_alive)
            return 1;
        return 0;
    }
    return p->error == 0;
}

int parser_last(const struct parser *p)
{
    if (p->len == 0)
        return -1;
    if (p->nread > 80 * 1024)
        return -2;
    return p->buf[p->len - 1];
}
