/* Guard logic in the style of flight-control software: arming and
   engagement conditions of an autopilot and an autothrottle, with
   conditions coupled through the same variables. */

struct air_data {
	int altitude_ft;   /* pressure altitude */
	int airspeed_kt;   /* calibrated airspeed */
	int valid;         /* air data computer healthy */
};

enum ap_mode { AP_OFF, AP_ARMED, AP_ENGAGED };

/* Autopilot engagement: the pilot requests it, the air data is valid,
   and the aircraft is airborne and fast enough, or a test mode forces it
   on the ground. Masking through || after &&. */
int ap_can_engage(const struct air_data *ad, int request, int on_ground, int test_mode)
{
	if (request && ad->valid && ((!on_ground && ad->airspeed_kt > 120) || test_mode))
		return AP_ENGAGED;
	return AP_OFF;
}

/* Altitude band check with coupled conditions on one variable: the second
   condition is implied by the first, so it can never be the one that
   makes the decision false (no MC/DC pair exists for it). */
int alt_alert(int alt, int target)
{
	int dev = alt - target;
	if (dev > 200 && dev > 100)
		return 1;
	if (dev < -1000 || dev < -200)
		return 2;
	return 0;
}

/* Stall warning: a boolean decision outside any branch, assigned to a
   flag (DO-178C counts it as a decision). */
int stall_warning(int aoa_deg, int flaps, int weight_on_wheels)
{
	int warn = !weight_on_wheels && (aoa_deg > 15 || (flaps && aoa_deg > 12));
	return warn;
}

/* Monitor a series of samples: a condition inside a loop. */
int count_exceedances(const int *samples, int n, int limit)
{
	int count = 0;
	for (int i = 0; i < n && i < 4; i++) {
		if (samples[i] > limit && samples[i] < 10 * limit)
			count++;
	}
	return count;
}

struct gear_state {
	int down_locked;   /* all three legs down and locked */
	int horn_silenced; /* pilot pressed the horn silence button */
};

/* Landing gear warning horn: gear not down on approach (low and slow)
   with the throttles at idle, unless silenced; at landing flaps or very
   low, it cannot be silenced. Seven conditions; the last one is coupled
   with the second (radio_alt < 500 implies radio_alt < 1000). */
int gear_horn(const struct gear_state *g, int radio_alt, int airspeed, int throttle_idle, int flaps_deg)
{
	if (!g->down_locked && radio_alt < 1000 && airspeed < 180 &&
	    ((throttle_idle && !g->horn_silenced) || flaps_deg >= 25 || radio_alt < 500))
		return 1;
	return 0;
}
