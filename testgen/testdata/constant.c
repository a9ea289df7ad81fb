/* Constant conditions: the outcome they never take is unreachable by the
 * semantics alone, even when finding it out by search would need every
 * iteration of a loop that only a break ends. */
int spin(int x)
{
    while (1) {
        if (x > 1000)
            break;
        x += 3;
    }
    if (0)
        return -1;
    return x;
}
