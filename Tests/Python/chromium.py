"""Debian's headless chromium (packages chromium and chromium-driver) through selenium, opened the one
way every browser check of Tests/Python opens it: no sandbox or GPU, one device pixel per CSS pixel."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ARGUMENTS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
             "--force-device-scale-factor=1"]


def open_chromium(arguments=(), env=None, javascript=True):
    """A driver of a new headless chromium with these arguments added; `env` is chromedriver's environment
    (None: this process's), and without `javascript` pages run no script."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ARGUMENTS + list(arguments):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver", env=env), options=options)
