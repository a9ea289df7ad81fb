struct buf {
    int len;
    char data[];
};

int f(struct buf *b)
{
    return b->data[0];
}
