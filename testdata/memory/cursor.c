/* A tokenizer over a cursor: begin/end pointers into one buffer, the
 * shape of real lexers (the input may point into another input's
 * object). */
#include <stddef.h>

struct cursor {
    const char *pos;
    const char *end;
    int line;
};

enum { TOK_END, TOK_NUM, TOK_IDENT, TOK_PUNCT, TOK_ERROR };

static int is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static int is_alpha(char ch) { return (ch >= 'a' && ch <= 'z') || ch == '_'; }

/* the kind of the next token; the cursor moves past it */
int next_token(struct cursor *c)
{
    while (c->pos < c->end && is_space(*c->pos)) {
        if (*c->pos == '\n')
            c->line++;
        c->pos++;
    }
    if (c->pos == c->end)
        return TOK_END;
    if (is_digit(*c->pos)) {
        while (c->pos < c->end && is_digit(*c->pos))
            c->pos++;
        return TOK_NUM;
    }
    if (is_alpha(*c->pos)) {
        const char *start = c->pos;
        while (c->pos < c->end && (is_alpha(*c->pos) || is_digit(*c->pos)))
            c->pos++;
        if (c->pos - start > 2)
            return TOK_IDENT + 10;
        return TOK_IDENT;
    }
    if (*c->pos == '(' || *c->pos == ')') {
        c->pos++;
        return TOK_PUNCT;
    }
    return TOK_ERROR;
}

/* parses an unsigned decimal number in [p, end); -1 on no digit or on
 * overflow past 999 */
int parse_small(const char *p, const char *end, int *out)
{
    int v = 0;
    const char *start = p;
    while (p < end && *p >= '0' && *p <= '9') {
        v = v * 10 + (*p - '0');
        if (v > 999)
            return -1;
        p++;
    }
    if (p == start)
        return -1;
    *out = v;
    return (int)(end - p);
}
