/* Character classification and a keyword table defined in another file,
 * in the style of a libc's ctype or a lexer's tables: extern objects are
 * inputs of the tests (const too), never zeros. A stream in the style of
 * a libc FILE has read and write hooks: the hooks are cut where called. */
#include <stddef.h>

extern const unsigned short char_class[256];
extern const unsigned char to_lower_table[256];
extern int lexer_flags;

#define C_ALPHA 0x0001
#define C_DIGIT 0x0002
#define C_SPACE 0x0004
#define C_PUNCT 0x0008

int lex_class(int c)
{
    unsigned short k;
    if (c < 0 || c > 255)
        return -1;
    k = char_class[c];
    if (k & C_SPACE)
        return 0;
    if (k & C_ALPHA)
        return (lexer_flags & 1) ? 4 : 1;
    if (k & C_DIGIT)
        return 2;
    if (k & C_PUNCT)
        return 3;
    return 5;
}

int same_letter(int a, int b)
{
    if (a < 0 || a > 255 || b < 0 || b > 255)
        return -1;
    return to_lower_table[a] == to_lower_table[b];
}

struct stream {
    unsigned char *rpos, *rend;
    unsigned char *wpos, *wend;
    int flags;
    int fd;
    size_t (*read)(struct stream *, unsigned char *, size_t);
    size_t (*write)(struct stream *, const unsigned char *, size_t);
    long (*seek)(struct stream *, long, int);
    int lock;
    int mode;
};

#define F_EOF 16
#define F_ERR 32

int stream_getc(struct stream *f)
{
    unsigned char c;
    if (f->flags & F_EOF)
        return -1;
    if (f->rpos != f->rend && f->rpos != NULL)
        return *f->rpos++;
    if (f->read(f, &c, 1) == 1)
        return c;
    f->flags |= F_EOF;
    return -1;
}

int stream_error(const struct stream *f)
{
    if (f->flags & F_ERR)
        return 1;
    if (f->lock < 0)
        return -1;
    return 0;
}

int stream_mode(const struct stream *f, int want)
{
    if (f->mode == 0)
        return want > 0 ? 1 : -1;
    if ((f->mode > 0) == (want > 0))
        return 1;
    return 0;
}
