struct s {
    int kind;
    union {
        int i;
        char c;
    };
};

int f(struct s *v)
{
    return v->i;
}
