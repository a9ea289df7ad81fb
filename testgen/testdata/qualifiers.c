/* Writes into objects with const at some level of their types: a member
 * that is not const is written, a const object or member is only written
 * by undefined behaviour, which no run of a test may rely on. */

struct sensor {
    const int id;
    int reading;
};

static struct sensor sensors[2] = { { 7, 0 }, { 8, 0 } };
static const int calibration = 3;

int record(int k, int v)
{
    int *r = &sensors[k & 1].reading;
    *r = v;                     /* a member that is not const */
    if (sensors[k & 1].reading > 100)
        return 1;
    return 0;
}

int tamper(int v)
{
    int *p = (int *)&calibration;
    *p = v;                     /* undefined: calibration is const */
    if (v > 0)
        return 1;
    return 0;
}

int tamper_member(int k, int v)
{
    int *p = (int *)&sensors[k & 1].id;
    if (k > 10)
        *p = v;                 /* undefined: id is a const member */
    if (k > 10 && v > 0)
        return 1;
    return sensors[0].reading;
}
