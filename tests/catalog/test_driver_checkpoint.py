"""Driver.checkpoint_in_background: a server's commits leave the WAL checkpoint to a thread of its own."""
import sqlite3
import time

from catalog.driver import Driver


def test_background_checkpoint_copies_the_log_into_the_file(tmp_path):
    path = tmp_path / "c.db"
    setup = sqlite3.connect(path, isolation_level=None)
    setup.execute("PRAGMA journal_mode=WAL")
    setup.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)")
    setup.close()
    driver = Driver(f"sqlite:///{path}", lambda: None)
    driver.scalar("SELECT COUNT(*) FROM t")  # this thread's connection exists before the thread starts
    driver.checkpoint_in_background()
    assert driver.scalar("PRAGMA wal_autocheckpoint") == Driver.BACKSTOP_PAGES
    for i in range(Driver.CHECKPOINT_EVERY * 3):
        driver.execute_all([("INSERT INTO t (k, v) VALUES (:k, :v)", {"k": i, "v": "x" * 3000})])
    # no commit checkpointed (the backstop is far): rows reach the database file only by the thread
    deadline = time.monotonic() + 10
    while path.stat().st_size < 100_000 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert path.stat().st_size >= 100_000
    assert driver.scalar("SELECT COUNT(*) FROM t") == Driver.CHECKPOINT_EVERY * 3
