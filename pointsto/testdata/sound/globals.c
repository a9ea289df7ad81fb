/* Global pointers: static initializers, string literals, pointers to
 * globals and to locals stored in globals. */

int g1 = 1, g2 = 2;
int *gp = &g1;
int *gtab[3] = {&g1, &g2, 0};
const char *msg = "abc";

struct cfg {
    int *val;
    const char *name;
} conf = {&g2, "name"};

int read_gp(int c)
{
    if (c)
        gp = &g2;
    if (!gp)
        return -1;
    return *gp;
}

int tab(int i)
{
    if (i < 0 || i > 2 || !gtab[i])
        return 0;
    return *gtab[i];
}

int str_at(int i)
{
    const char *s = "hello";
    if (i < 0 || i > 4)
        return 0;
    return s[i] + (msg ? msg[0] : 0);
}

int conf_val(int c)
{
    int local = 9;
    int r;
    if (c > 0)
        conf.val = &local;
    if (!conf.val || !conf.name)
        return 0;
    r = *conf.val + conf.name[0];
    conf.val = &g1;
    return r;
}

static int *saved;

int save_and_use(int c)
{
    int x = 5;
    if (c)
        saved = &g1;
    else
        saved = &x;
    *saved += 1;
    return x + g1;
}

/* A global pointer without initializer is NULL when globals start from
 * their initializers. */
static int *lazy;

int get_lazy(int c)
{
    if (c > 0)
        lazy = &g1;
    return *lazy;
}
