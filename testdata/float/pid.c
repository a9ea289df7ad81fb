/* One step of a PID controller with output saturation and anti-windup. */
struct pid {
    double kp, ki, kd;
    double integral, prev_error;
    double out_min, out_max;
};

double pid_step(struct pid *c, double setpoint, double measured, double dt)
{
    if (dt <= 0.0)
        return 0.0;
    double error = setpoint - measured;
    double derivative = (error - c->prev_error) / dt;
    double candidate = c->integral + error * dt;
    double out = c->kp * error + c->ki * candidate + c->kd * derivative;
    c->prev_error = error;
    if (out > c->out_max) {
        out = c->out_max; /* saturated: the integral is not wound up */
    } else if (out < c->out_min) {
        out = c->out_min;
    } else {
        c->integral = candidate;
    }
    return out;
}
