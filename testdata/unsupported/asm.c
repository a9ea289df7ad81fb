int f(int x)
{
    __asm__("nop");
    return x;
}
