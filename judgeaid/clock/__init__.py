"""Session clock, hall display, play timers, time-outs and late arrivals (§1.9, §3.4, §4.14)."""
