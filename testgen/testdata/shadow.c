/* A parameter shadows a global that an inlined callee reads: the global is
 * named g#ID in the tests, as the interpreter names it. */
int g;
int *gp;
static int helper(void) { return g + (gp ? *gp : 0); }
int shadow(int g, int *gp)
{
    if (g > 3 && gp && *gp == 2)
        return helper();
    return 0;
}
