"""Workers starting at once on a fresh machine all sign cookies with one secret key."""

import stat
import threading

from judgeaid import _instance_secret


def test_workers_making_the_key_at_once_all_get_the_same_one(tmp_path):
    barrier = threading.Barrier(12)
    keys: list[str] = []

    def start_worker():
        barrier.wait()
        keys.append(_instance_secret(tmp_path))

    threads = [threading.Thread(target=start_worker) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    kept = (tmp_path / "secret_key").read_text()
    assert len(keys) == 12 and set(keys) == {kept} and len(kept) == 64
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no half-made copies left


def test_a_kept_key_is_read_as_it_is(tmp_path):
    (tmp_path / "secret_key").write_text("kept-from-before\n")
    assert _instance_secret(tmp_path) == "kept-from-before"
