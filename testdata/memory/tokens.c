/* A calculator's tokens, a tagged type with an anonymous union (C11), in
   the style of hand-written lexers: the tag says which member holds the
   value. */

enum tok_kind { TK_END, TK_NUM, TK_OP, TK_LPAREN, TK_RPAREN };

struct token {
    enum tok_kind kind;
    int pos;
    union {
        long num;
        struct {
            char op;
            unsigned char prec;
        };
    };
};

static const struct token end_token = { .kind = TK_END, .pos = -1, .num = 0 };

int token_prec(const struct token *t)
{
    if (t->kind != TK_OP)
        return -1;
    switch (t->op) {
    case '+':
    case '-':
        return 1;
    case '*':
    case '/':
        return 2;
    }
    return 0;
}

/* apply the operator b to the numbers a and c; 0 on success */
int token_apply(const struct token *a, const struct token *b, const struct token *c, long *out)
{
    if (a->kind != TK_NUM || c->kind != TK_NUM || b->kind != TK_OP)
        return -1;
    switch (b->op) {
    case '+':
        if (a->num > 1000000 || c->num > 1000000 || a->num < -1000000 || c->num < -1000000)
            return -2;
        *out = a->num + c->num;
        return 0;
    case '*':
        if (a->num > 1000 || c->num > 1000 || a->num < -1000 || c->num < -1000)
            return -2;
        *out = a->num * c->num;
        return 0;
    case '/':
        if (c->num == 0)
            return -3;
        if (a->num > 1000000 || a->num < -1000000)
            return -2;
        *out = a->num / c->num;
        return 0;
    }
    return -4;
}

/* the value of the token a lexer emits for character ch at position pos:
   its number, or its operator's precedence and character, its position
   at the end, -1 for parentheses */
long token_eval(char ch, int pos)
{
    struct token t = end_token;
    if (ch >= '0' && ch <= '9') {
        t.kind = TK_NUM;
        t.num = ch - '0';
    } else if (ch == '+' || ch == '-' || ch == '*' || ch == '/') {
        t.kind = TK_OP;
        t.op = ch;
        t.prec = ch == '+' || ch == '-' ? 1 : 2;
    } else if (ch == '(') {
        t.kind = TK_LPAREN;
    } else if (ch == ')') {
        t.kind = TK_RPAREN;
    } else {
        t.pos = pos;
    }
    switch (t.kind) {
    case TK_NUM:
        return t.num;
    case TK_OP:
        return t.prec * 1000 + t.op;
    case TK_END:
        return t.pos;
    default:
        return -1;
    }
}

/* count the tokens of toks[0..n) until TK_END; -1 on unbalanced parens */
int token_depth(const struct token *toks, int n)
{
    int depth = 0, max = 0;
    for (int i = 0; i < n && toks[i].kind != TK_END; i++) {
        if (toks[i].kind == TK_LPAREN && ++depth > max)
            max = depth;
        if (toks[i].kind == TK_RPAREN && --depth < 0)
            return -1;
    }
    return depth == 0 ? max : -1;
}
