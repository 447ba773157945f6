from datetime import date
from pathlib import Path

import pytest
import yaml

from resolver.dates import find_time

CASES = yaml.safe_load((Path(__file__).parent / "golden" / "dates.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["text"] for c in CASES])
def test_dates_as_people_write_them(case):
    found = find_time(case["text"], case["as_of"])
    assert found.reporting_date == case.get("date")
    if "period" in case:
        assert found.period is not None
        assert (found.period.start, found.period.end) == tuple(case["period"])
    else:
        assert found.period is None
    assert found.explicit == ("date" in case or "period" in case)
