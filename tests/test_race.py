"""文件工具打开的就是检查过的文件：另一个进程不停地把链接换来换去，也读不到工作目录外面、读不到 .env。
另有：search_files 说出它打不开的文件；read_file 跳到很远的 offset 不逐行读。"""

import json
import os
import subprocess
import sys
import time
from unittest import mock

import pytest
from conftest import our_tool, posix_only
from hypothesis import given, settings
from hypothesis import strategies as st

import tools
from support import workspace
from support.options import Options
from support.search import coverage_note, walk_files

SECRET = "sk-race-secret-7f3a9c"  # .env 里的 key
OUTSIDE = "outside-the-workdir-4242"  # 工作目录外面那个文件的内容
CALLS = 400  # 每种调用各做这么多次：一共 2,400 次；旧代码（先检查、再按路径打开）每个测试泄露几次到几十次

# 换链接的进程：把 notes.txt（或 sub）和 swap.env 对调，一直调到被结束。swap.env 是 .env 的符号链接、
# .env 的硬链接、或指向工作目录外面的目录的链接；名字像 env 文件，所以它自己不会被读、被搜
FLIPPER = r"""
import ctypes, os, sys
kind, outside = sys.argv[1], sys.argv[2]
if kind == "symlink":
    os.symlink(".env", "swap.env")
elif kind == "hardlink":
    os.link(".env", "swap.env")
else:
    os.symlink(outside, "swap.env")
name = b"sub" if kind == "dir" else b"notes.txt"
exchange = getattr(ctypes.CDLL(None), "renameat2", None)  # Linux：一步对调两个名字
while True:
    if exchange and exchange(-100, name, -100, b"swap.env", 2) == 0:  # AT_FDCWD，RENAME_EXCHANGE
        continue
    os.rename(name, b"parked.env")  # 没有 renameat2：分三步对调
    os.rename(b"swap.env", name)
    os.rename(b"parked.env", b"swap.env")
"""


@pytest.fixture
def race(workdir, tmp_path):
    """工作目录里有 .env（SECRET）、notes.txt、sub/f.txt；工作目录外面有 outside/f.txt（OUTSIDE）。
    race(kind) 启动换链接的进程，测试结束时结束它。"""
    (workdir / ".env").write_text(f"KEY={SECRET}\n", encoding="utf-8")
    (workdir / "notes.txt").write_text("KEY=plain-notes\n", encoding="utf-8")
    (workdir / "sub").mkdir()
    (workdir / "sub" / "f.txt").write_text("KEY=inside\n", encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "f.txt").write_text(f"KEY={OUTSIDE}\n", encoding="utf-8")
    st = (workdir / ".env").stat()
    options = Options(env_files=frozenset({(st.st_dev, st.st_ino)}))  # 和 agent.py 读过 .env 时一样
    flippers = []

    def start(kind):
        flipper = subprocess.Popen([sys.executable, "-c", FLIPPER, kind, str(tmp_path / "outside")], cwd=workdir)
        flippers.append(flipper)
        time.sleep(0.2)  # 等它开始换
        assert flipper.poll() is None, "换链接的进程没能跑起来"
        return options

    yield start
    for flipper in flippers:
        flipper.kill()
        flipper.wait()


def hammer(options, calls):
    """每种调用做 CALLS 次，返回 (泄露的结果, 各种调用读到正常内容的次数)。"""
    leaks, normal = [], {}
    for _ in range(CALLS):
        for name, args, expected in calls:
            result = tools.dispatch_tool(name, json.dumps(args), options)
            if SECRET in result or OUTSIDE in result:
                leaks.append((name, args, result))
            normal[json.dumps(args)] = normal.get(json.dumps(args), 0) + (expected in result)
    return leaks, normal


@posix_only("符号链接要特权、没有 dir_fd：Windows 上只是尽力而为")
@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
@our_tool("read_file")
def test_a_file_flipped_to_the_env_file_never_leaks_the_key(race, kind):
    options = race(kind)
    calls = [
        ("read_file", {"path": "notes.txt"}, "plain-notes"),
        ("search_files", {"query": "KEY="}, "plain-notes"),
    ]
    calls.append(("search_files", {"query": "KEY=", "path": "notes.txt"}, "plain-notes"))
    leaks, normal = hammer(options, calls)
    assert not leaks, f"{len(leaks)} 次读到了 .env：{leaks[:3]}"
    assert all(normal.values()), normal  # 每种调用都读到过正常内容：确实是在换来换去的时候读的


@posix_only("符号链接要特权、没有 dir_fd：Windows 上只是尽力而为")
@our_tool("read_file")
def test_a_folder_flipped_to_a_link_outside_never_leaks_outside_files(race):
    options = race("dir")
    calls = [
        ("read_file", {"path": "sub/f.txt"}, "inside"),
        ("search_files", {"query": "KEY=", "path": "sub"}, "inside"),
        ("search_files", {"query": "KEY="}, "inside"),
    ]
    leaks, normal = hammer(options, calls)
    assert not leaks, f"{len(leaks)} 次读到了工作目录外面：{leaks[:3]}"
    assert all(normal.values()), normal


# ── 搜不到的文件要说出来 ─────────────────────────────────────
@posix_only("符号链接要特权、没有 dir_fd：Windows 上只是尽力而为")
def test_search_notes_the_files_it_could_not_open(workdir):
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root 什么都打得开")
    (workdir / "a.txt").write_text("needle\n", encoding="utf-8")
    (workdir / "locked").mkdir()
    (workdir / "locked" / "x.txt").write_text("needle\n", encoding="utf-8")
    (workdir / "secret.txt").write_text("needle\n", encoding="utf-8")
    os.chmod(workdir / "secret.txt", 0)
    os.chmod(workdir / "locked", 0)
    try:
        files = walk_files(str(workdir), frozenset())
        found = []
        for path, fd in files:
            found.append(path)
            os.close(fd)
        note = coverage_note(files)
    finally:
        os.chmod(workdir / "locked", 0o755)
    assert found == [str(workdir / "a.txt")]
    assert note.startswith("\n[有 2 个文件或目录没有搜：locked（") and "、secret.txt（" in note and note.endswith("）]")


def test_search_notes_files_and_folders_that_vanish_during_the_walk(workdir):
    for name in ("a.txt", "b.txt", "c.txt", "z/d.txt"):
        (workdir / "z").mkdir(exist_ok=True)
        (workdir / name).write_text("needle\n", encoding="utf-8")
    files = walk_files(str(workdir), frozenset())
    walking = iter(files)
    path, fd = next(walking)  # 已经扫描过这一层，正要一个一个打开
    os.close(fd)
    (workdir / "b.txt").unlink()
    (workdir / "z" / "d.txt").unlink()
    (workdir / "z").rmdir()
    rest = []
    for path, fd in walking:
        rest.append(os.path.basename(path))
        os.close(fd)
    assert rest == ["c.txt"]
    assert coverage_note(files).startswith("\n[有 2 个文件或目录没有搜：b.txt（")


@posix_only("符号链接要特权、没有 dir_fd：Windows 上只是尽力而为")
def test_search_reaches_files_deeper_than_the_os_path_limit(workdir):
    fd = os.open(".", os.O_RDONLY)
    for level in range(25):  # 25 级、每级 202 个字符：整条路径超过 Linux 的 PATH_MAX（4096），按路径打不开
        name = f"{level:02d}" + "d" * 200
        os.mkdir(name, dir_fd=fd)
        sub = os.open(name, os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = sub
    leaf = os.open("hit.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
    os.write(leaf, b"needle\n")
    os.close(leaf)
    os.close(fd)
    result = tools.dispatch_tool("search_files", json.dumps({"query": "needle"}))
    assert "hit.txt:1: needle" in result and "打不开" not in result


# ── read_file 跳到很远的 offset：按块数换行符，记下每页停在哪里 ─────────────
def skipped_one_by_one(data: bytes, count: int) -> tuple[int, int]:
    """旧的做法，逐行往下读：跳过 count 行以后 (真跳过的行数, 停在的位置)。"""
    skipped = pos = 0
    while skipped < count and pos < len(data):
        end = data.find(b"\n", pos)
        pos, skipped = (len(data) if end < 0 else end + 1), skipped + 1
    return skipped, pos


@settings(max_examples=300, deadline=None)
@given(
    data=st.lists(st.sampled_from([b"\n", b"a", b"\r", b"xyz", b"\n\n"]), max_size=80).map(b"".join),
    counts=st.lists(st.integers(0, 90), min_size=1, max_size=6),
    block=st.integers(1, 40),
)
def test_skip_lines_agrees_with_reading_line_by_line(tmp_path_factory, data, counts, block):
    path = tmp_path_factory.mktemp("skip") / "f.txt"
    path.write_bytes(data)
    with (
        mock.patch.object(workspace, "SKIP_BLOCK", block),  # 小块：换行符落在块的边上、块的中间
        mock.patch.dict(workspace.LINE_STARTS, clear=True),
        open(path, "rb") as f,
    ):
        for count in counts:  # 同一个文件跳好几次：后面几次从记下的位置开始
            skipped = workspace.skip_lines(f, count)
            assert (skipped, f.tell()) == skipped_one_by_one(data, count)
            if skipped == count:  # 和 read_file 一样：读一页（这里是两行），记下下一页从哪里开始
                line_no = count + 1 + sum(bool(f.readline()) for _ in range(2))
                workspace.remember_line(f, line_no)


def test_skip_lines_in_big_blocks_lands_on_the_right_line(tmp_path):
    lines = [b"x" * (i % 7) + b"\n" for i in range(400_000)]  # 约 1.6 MB：跨块，块里要二分着找
    data = b"".join(lines)
    (tmp_path / "f.txt").write_bytes(data)
    with mock.patch.dict(workspace.LINE_STARTS, clear=True), open(tmp_path / "f.txt", "rb") as f:
        for count in (0, 1, 4095, 150_000, 299_593, 399_999, 400_000, 400_001):
            assert (workspace.skip_lines(f, count), f.tell()) == skipped_one_by_one(data, count), count


@our_tool("read_file")
def test_paging_by_the_hints_reads_every_line_once_even_after_the_file_changes(workdir):
    (workdir / "log.txt").write_text("".join(f"line {i}\n" for i in range(1, 3001)), encoding="utf-8")
    seen, offset = [], 1
    while True:
        page = tools.dispatch_tool("read_file", json.dumps({"path": "log.txt", "offset": offset})).splitlines()
        seen += page[:-1] if page[-1].startswith("[第") else page
        if not page[-1].startswith("[第"):
            break
        offset = int(page[-1].rsplit("offset=", 1)[1].split()[0])
    assert seen == [f"{i}\tline {i}" for i in range(1, 3001)]
    # 文件改了（行变长）：记下的位置作废，同一个 offset 读到的是新文件的那一行
    (workdir / "log.txt").write_text("".join(f"longer line {i}\n" for i in range(1, 3001)), encoding="utf-8")
    page = tools.dispatch_tool("read_file", json.dumps({"path": "log.txt", "offset": offset, "limit": 1}))
    assert page.splitlines()[0] == f"{offset}\tlonger line {offset}"
    assert tools.dispatch_tool("read_file", json.dumps({"path": "log.txt", "offset": 3002})).endswith(
        "只有 3000 行，offset=3002 超出了文件末尾"
    )


@our_tool("read_file")
def test_a_far_offset_is_reached_without_reading_line_by_line(workdir):
    (workdir / "empty.txt").write_bytes(b"\n" * 3_000_000 + b"last\n")
    with mock.patch.object(tools, "read_line", wraps=tools.read_line) as read_line:
        page = tools.dispatch_tool("read_file", json.dumps({"path": "empty.txt", "offset": 3_000_001}))
    assert page == "3000001\tlast"
    assert read_line.call_count <= 2  # 只读返回的那一行（和末尾的 EOF），前面 300 万行按块数过去
