union u {
    char c;
    int i;
};

int f(void)
{
    union u v = { .i = 3 };
    return v.c;
}
