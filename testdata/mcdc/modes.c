/* Mode logic of a car's body and powertrain controllers, on 8-bit
   readings and small enumerations as such code has them. Conditions are
   coupled through the same variables. */

typedef unsigned char u8;

enum gear { PARK, REVERSE, NEUTRAL, DRIVE };

/* Starter interlock: crank in park or neutral with the brake pressed; in
   neutral the brake must be pressed harder (a manual gearbox's clutch
   stand-in). */
int starter_enable(u8 gear, u8 brake)
{
	if ((gear == PARK || gear == NEUTRAL) && brake > 20 && (gear != NEUTRAL || brake > 40))
		return 1;
	return 0;
}

/* Cruise control resume. The second check is redundant after the first
   (speed > 5 whenever speed > 10): the override is never evaluated, and
   no test can show that it or the redundant check matters. */
int cruise_resume(u8 speed, _Bool override)
{
	if (speed > 10 && (speed > 5 || override))
		return 1;
	return 0;
}

/* Wiper mode: an intermittent delay from the rain sensor, unless the
   stalk forces a mode. A ?: and a decision in an assignment. */
int wiper_mode(u8 stalk, u8 rain)
{
	int fast = stalk == 3 || (stalk == 0 && rain > 200);
	int slow = !fast && (stalk == 2 || (stalk == 0 && rain > 50));
	return fast ? 2 : (slow ? 1 : 0);
}

/* Gear shift lock: leave park only with the brake pressed and the engine
   running; "engine running" is tested twice through one flag. */
int shift_unlock(u8 rpm, u8 brake)
{
	u8 running = rpm > 40;
	if ((running && brake > 10) || (!running && rpm > 60))
		return 1;
	return 0;
}
