/* Attacks the unreachability claims of testdata/float: every branch of
 * proofs.c, mathcalls.c and adversarial.c that returns -1 is one inka
 * proves unreachable. This driver, compiled by gcc -O0 (the semantics
 * inka follows), runs each function of a float on every float (2^32
 * patterns) and each function of doubles on N inputs drawn from special
 * values, the files' constants and their neighbours, random magnitudes
 * and random bit patterns, and counts the results: a -1 is a wrong proof.
 *
 *   bench/float/attack.sh [N]   (N defaults to 10^7 a double function) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../testdata/float/adversarial.c"
#include "../../testdata/float/mathcalls.c"
#include "../../testdata/float/proofs.c"

static uint64_t state = 0x9e3779b97f4a7c15u;

static uint64_t next64(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static double from_bits(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* Special values and the constants of the files (their neighbours too). */
static const double seeds[] = {
    0.0, 1.0, 2.0, 0.5, 3.0, 4.0, 9.0, 5.0, 32.0, 212.0, 100.0,
    1e-9, 10.0, 8.0, 7.0, 90.0, 180.0, 270.0, 360.0, 4095.0,
    149.5, 150.0, 1.495, 1.5, 2.1, 3.6, 50.0, 250.0, 200.0,
    4.9406564584124654e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
};

static double draw(void)
{
    uint64_t r = next64();
    double x;
    switch (r % 8) {
    case 0: /* random bits: NaNs of every payload, signalling ones too */
        return from_bits(next64());
    case 1:
        return (r >> 8) % 2 ? INFINITY : -INFINITY;
    case 2:
        return from_bits(0x7ff0000000000001u + next64() % 0x7ffffffffffffu); /* sNaN */
    case 3: /* a random magnitude */
        x = ldexp((double)(next64() >> 11) / 9007199254740992.0, (int)(next64() % 160) - 80);
        break;
    default: /* a seed, moved by a few units in the last place */
        x = seeds[(r >> 8) % (sizeof seeds / sizeof seeds[0])];
        for (int k = (int)((r >> 16) % 5); k > 0; k--)
            x = nextafter(x, (r >> 20) % 2 ? INFINITY : -INFINITY);
        if ((r >> 24) % 16 == 0)
            x = ldexp(x, (int)((r >> 28) % 120) - 60);
    }
    return (r >> 40) % 2 ? -x : x;
}

#define NRES 16
struct tally {
    const char *name;
    long n, res[NRES], bad;
};

static void count(struct tally *t, int r)
{
    t->n++;
    if (r == -1)
        t->bad++;
    else if (r >= 0 && r < NRES)
        t->res[r]++;
}

static void show(struct tally *t)
{
    printf("%-14s %12ld runs  %ld wrong proofs  results:", t->name, t->n, t->bad);
    for (int i = 0; i < NRES; i++)
        if (t->res[i])
            printf(" %d:%ld", i, t->res[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    struct tally pg = {"pages"}, sat = {"saturate"}, fa = {"fahrenheit"}, pc = {"percent"};
    for (uint64_t u = 0; u <= 0xffffffffu; u++) {
        uint32_t b = (uint32_t)u;
        float f;
        memcpy(&f, &b, sizeof f);
        count(&pg, pages(f));
        count(&sat, saturate(f));
        count(&fa, fahrenheit(f));
        count(&pc, percent(f));
    }
    struct tally cr = {"clamp_reading"}, oc = {"on_circle"}, tb = {"temp_bin"}, qd = {"quadrant"},
                 ce = {"cents"}, so = {"sign_of"}, em = {"ema_step"}, sb = {"speed_band"},
                 bo = {"below_one"};
    for (long i = 0; i < n; i++) {
        count(&cr, clamp_reading(draw()));
        count(&oc, on_circle(draw(), draw(), draw()));
        count(&tb, temp_bin(draw()));
        count(&qd, quadrant(draw()));
        count(&ce, cents(draw()));
        count(&so, sign_of(draw()));
        count(&em, ema_step(draw(), draw(), draw()));
        count(&sb, speed_band(draw()));
        count(&bo, below_one(draw()));
    }
    struct tally *all[] = {&pg, &sat, &fa, &pc, &cr, &oc, &tb, &qd, &ce, &so, &em, &sb, &bo};
    long bad = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        show(all[i]);
        bad += all[i]->bad;
    }
    return bad != 0;
}
