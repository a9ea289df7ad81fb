/* Initializers: local arrays and structs (partial, designated, strings),
 * static and global initializers with addresses, sizeof. */

struct item {
    int key;
    char name[4];
    struct item *next;
};

int gvals[4] = {7, -3};
struct item gitems[2] = {{1, "ab", &gitems[1]}, {.key = 2, .name = {'x'}}};
int *gptrs[3] = {&gvals[1], 0, &gvals[3]};

int local_array_init(int i)
{
    int a[6] = {1, 2, 3};
    short b[] = {[4] = 9, [1] = -1};
    if (i < 0 || i >= 6)
        return -1;
    return a[i] * 100 + (i < 5 ? b[i] : 0);
}

int local_string(int i)
{
    char s[] = "hey";
    char t[8] = "ab";
    if (i < 0 || i >= 4)
        return -1;
    return s[i] * 1000 + t[i + 1];
}

int local_struct_init(int k)
{
    struct item it = {k, "q", 0};
    struct item z = {.name = "zz"};
    int n = 0;
    while (n < 4 && it.name[n])
        n++;
    return it.key + n * 10 + z.key + z.name[1] + (z.next == 0) * 1000;
}

int global_init(int i)
{
    int s = 0;
    if (i < 0 || i >= 4)
        return -1;
    s = gvals[i];
    if (gptrs[0] != 0)
        s += *gptrs[0];
    if (gptrs[i % 3] == 0)
        s += 100;
    return s;
}

int walk_items(int k)
{
    struct item *p = &gitems[0];
    int s = 0;
    while (p != 0 && k-- > 0) {
        s = s * 10 + p->key;
        p = p->next;
    }
    return s + gitems[1].name[0];
}

int static_counter(int step)
{
    static int total = 10;
    static const int weights[3] = {1, 10, 100};
    total += weights[step & 1] * (step > 0);
    return total;
}

int sizes(int x)
{
    long a[3];
    struct item it;
    return (int)(sizeof a + sizeof it + sizeof(short) * x + sizeof x);
}
