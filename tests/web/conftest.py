"""Shared by the browser tests: the table server in this process and one headless Chromium per
module (the steps of playing at the table page are in table_steps.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from table_steps import CHROMIUM, DRIVER, GAMES, running


@pytest.fixture(scope="module")
def server():
    """The app on a free local port, in this process (so the test can read the engine's results)."""
    from cli import LEVELS
    from interpreter.web.lobby import MAX_TABLES
    from interpreter.web.serve import local_names, make_app

    # as atout serve, but every table of a module's tests comes from one address within a minute:
    # the server's bound on one client's tables in use would refuse the thirteenth
    app = make_app(GAMES, LEVELS, pace=0, hosts=local_names("127.0.0.1"), per_client=MAX_TABLES)
    with running(app) as served:
        yield served


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    if not CHROMIUM.exists() or not Path(DRIVER).exists():
        pytest.skip("needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)")
    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    except WebDriverException as err:
        pytest.skip(f"headless chromium did not start: {err.msg}")
    yield driver
    driver.quit()
