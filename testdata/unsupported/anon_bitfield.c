union reg {
    unsigned raw;
    struct {
        unsigned enable : 1;
        unsigned mode : 3;
    };
};

int f(union reg *r)
{
    return r->mode;
}
