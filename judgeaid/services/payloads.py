"""Reading values out of JSON request bodies with clear messages."""

from __future__ import annotations

from judgeaid.services.errors import ServiceError


def read_int(payload: dict, key: str, *, low: int | None = None, high: int | None = None,
             required: bool = True) -> int | None:
    """Return payload[key] as a whole number in range, or raise a ServiceError saying why."""
    value = payload.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ServiceError(f"'{key}' must be a whole number.")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ServiceError(f"'{key}' must be between {low} and {high}.")
    return value
