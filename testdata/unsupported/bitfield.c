struct flags {
    unsigned ready : 1;
    unsigned count : 7;
};

int f(struct flags *fl)
{
    return fl->count;
}
