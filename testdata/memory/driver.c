/* A driver loop over a small scanner, the shape of real parsers: the
 * goals are in the scanner, the test calls the driver. */
#include <stddef.h>

enum kind { K_END, K_WORD, K_NUM, K_PUNCT };

struct scanner {
    const char *buf;
    size_t at, end;
    char word[6];
    int wlen, truncated;
    unsigned value;
};

static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static enum kind scan(struct scanner *sc)
{
    while (sc->at < sc->end && (sc->buf[sc->at] == ' ' || sc->buf[sc->at] == ','))
        sc->at++;
    if (sc->at >= sc->end)
        return K_END;
    char c = sc->buf[sc->at];
    if (c >= '0' && c <= '9') {
        sc->value = 0;
        while (sc->at < sc->end && sc->buf[sc->at] >= '0' && sc->buf[sc->at] <= '9') {
            sc->value = sc->value * 10 + (unsigned)(sc->buf[sc->at] - '0');
            sc->at++;
        }
        return K_NUM;
    }
    if (is_alpha(c)) {
        sc->wlen = 0;
        sc->truncated = 0;
        while (sc->at < sc->end && is_alpha(sc->buf[sc->at])) {
            if (sc->wlen < (int)sizeof sc->word - 1)
                sc->word[sc->wlen++] = sc->buf[sc->at];
            else
                sc->truncated = 1;
            sc->at++;
        }
        sc->word[sc->wlen] = '\0';
        return K_WORD;
    }
    sc->at++;
    return K_PUNCT;
}

/* Counts the words of a line; a word past the buffer or a number past
 * 9999 makes the line bad (-1). */
int count_words(const char *line, size_t n)
{
    struct scanner sc = { line, 0, n, {0}, 0, 0, 0 };
    int words = 0;
    enum kind k;
    while ((k = scan(&sc)) != K_END) {
        if (k == K_NUM && sc.value > 9999)
            return -1;
        if (k == K_WORD) {
            if (sc.truncated)
                return -1;
            words++;
        }
    }
    return words;
}
