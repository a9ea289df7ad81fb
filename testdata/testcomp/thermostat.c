// Reachable: a thermostat's hysteresis on readings in Celsius converted
// from Fahrenheit (__VERIFIER_nondet_float) and a double setpoint. The
// error is reached when a reading above the band does not switch the
// heater off: only a NaN reading, which fails every comparison, gets there.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "thermostat.c", 7, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);

int heater = 1;

void step(float fahrenheit, double setpoint) {
  float celsius = (fahrenheit - 32.0f) * 5.0f / 9.0f;
  if (celsius > setpoint + 0.5)
    heater = 0;
  else if (celsius < setpoint - 0.5)
    heater = 1;
}

int main() {
  double setpoint = __VERIFIER_nondet_double();
  float reading = __VERIFIER_nondet_float();
  if (!(setpoint >= 5.0 && setpoint <= 30.0))
    return 0;
  step(reading, setpoint);
  if (heater && !(reading <= 212.0f))
    reach_error();
  return 0;
}
