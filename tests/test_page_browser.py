"""在真的浏览器（无头 Chromium）里打开 --page 做的网页：投影的宽度（1280×800）和手机的宽度（390×844）各截一张图，
浏览器排好的 DOM 里有每一轮，手机宽度上没有东西伸出屏幕。

要装了 Chromium 才跑，默认跳过：
    PAGE_BROWSER=/usr/bin/chromium PAGE_SCREENSHOTS=/tmp/shots python -m pytest -n 0 tests/test_page_browser.py
PAGE_SCREENSHOTS 给了就把截图（page-projector.png、page-phone.png，还有整页长图 *-full.png）留在那里给人看，
不给就放在临时目录。
"""

import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import QUESTION, ROOT, run_cli

from support.recording.page import write_page

BROWSER = os.environ.get("PAGE_BROWSER")
SIZES = {"projector": (1280, 800), "phone": (390, 844)}
pytestmark = pytest.mark.skipif(not BROWSER, reason="设置 PAGE_BROWSER=Chromium 的路径，才在浏览器里打开网页")
# 量一量：每个元素的右边缘最远到哪里、整页多高（只加在测试用的副本里，网页本身没有 JavaScript）
MEASURE = (
    "<script>const all = [...document.querySelectorAll('body *')];"
    "document.body.dataset.right = Math.ceil(Math.max(...all.map(e => e.getBoundingClientRect().right)));"
    "document.body.dataset.height = document.documentElement.scrollHeight;</script>"
)


def chromium(profile, *args):
    command = [
        BROWSER,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
    ]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120, check=False, encoding="utf-8")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """这一章的演示：问技术栈，四次模型调用、三次工具执行。录下来，做成网页。"""
    folder = tmp_path_factory.mktemp("page")
    path = folder / "demo.jsonl"
    result = run_cli("--demo", "--record", str(path), "-C", str(ROOT / "examples" / "my-project"), QUESTION, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert write_page(str(path)) == 0
    return path.with_suffix(".html")


def shoot(profile, html, png, width, height):
    png.unlink(missing_ok=True)
    result = chromium(profile, f"--screenshot={png}", f"--window-size={width},{height}", html.as_uri())
    assert png.exists(), result.stderr
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 10_000  # 不是一张空白图
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (width, height)


@pytest.mark.parametrize("name", SIZES)
def test_screenshots(page, name, tmp_path):
    kept = os.environ.get("PAGE_SCREENSHOTS")
    folder = Path(kept) if kept else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    width, height = SIZES[name]
    shoot(tmp_path / "profile", page, folder / f"page-{name}.png", width, height)
    # 所有折叠都打开，量一量：窄屏上长行要折行，不能伸出屏幕（无头模式窗口至少 500 宽，所以把页面定成这个宽度）
    text = page.read_text(encoding="utf-8").replace("<details", "<details open")
    text = text.replace("</head>", f"<style>html{{width:{width}px}}</style></head>").replace(
        "</body>", MEASURE + "</body>"
    )
    measured = tmp_path / "measured.html"
    measured.write_text(text, encoding="utf-8")
    dom = chromium(tmp_path / "profile", f"--window-size={max(width, 500)},{height}", "--dump-dom", measured.as_uri())
    right, full = (int(re.search(f'data-{key}="([0-9]+)"', dom.stdout).group(1)) for key in ("right", "height"))
    assert right <= width, f"有东西伸出了 {width} 像素宽的屏幕（到 {right}）"
    if kept:  # 整页的长图，给人从头看到尾
        shoot(tmp_path / "profile", measured, folder / f"page-{name}-full.png", width, min(full, 16000))


def test_rendered_dom_has_every_round(page, tmp_path):
    dom = chromium(tmp_path / "profile", "--window-size=1280,800", "--dump-dom", page.as_uri()).stdout
    assert dom.count('class="round"') == 4
    for round_number in range(1, 5):
        assert f'id="q1-r{round_number}"' in dom
    assert dom.count("data-call-id=") == 3 and "<script" not in dom and QUESTION in dom
