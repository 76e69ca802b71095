"""tools.py：每个工具、工作目录的边界、dispatch_tool 的参数检查。"""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading

import pytest
import spawn
from conftest import (
    MEMORY_PRELUDE,
    ROOT,
    ROUNDS,
    Terminal,
    agent_copy,
    alive,
    cli_env,
    our_tool,
    posix_only,
    run_main,
    sent,
    tool_results,
)

import tools
from fakes.provider import call, text_reply, tool_reply
from support.json_safe import json_arguments
from support.options import Options
from tools import dispatch_tool

YES = Options(auto_approve=True)  # --yes


def run_tool(name, options=Options(), **args):
    return dispatch_tool(name, json.dumps(args), options)


# ── 工作目录的边界 ────────────────────────────────────────────
@pytest.mark.parametrize("path", ["..", "../secret.txt", "src/../../secret.txt"])
@our_tool("read_file")
def test_parent_paths_are_refused(project, path):
    (project.parent / "secret.txt").write_text("top secret", encoding="utf-8")
    for name, args in [
        ("read_file", {"path": path}),
        ("list_files", {"path": path}),
        ("search_files", {"query": "secret", "path": path}),
    ]:
        result = run_tool(name, **args)
        assert result.startswith("错误：") and "工作目录" in result, (name, result)


@our_tool("read_file")
def test_absolute_path_outside_is_refused_inside_is_allowed(project):
    outside = project.parent / "secret.txt"
    outside.write_text("top secret", encoding="utf-8")
    assert run_tool("read_file", path=str(outside)).startswith("错误：")
    assert "My Project" in run_tool("read_file", path=str(project / "README.md"))


@posix_only("符号链接在 Windows 上要特权")
@our_tool("read_file")
def test_symlink_that_leads_outside_is_refused(project):
    (project.parent / "secret.txt").write_text("top secret", encoding="utf-8")
    (project / "link.txt").symlink_to(project.parent / "secret.txt")
    (project / "linkdir").symlink_to(project.parent)
    assert run_tool("read_file", path="link.txt").startswith("错误：")
    assert run_tool("list_files", path="linkdir").startswith("错误：")
    result = run_tool("search_files", query="top secret")
    assert "没有找到" in result and "top secret" not in result.replace("'top secret'", "")
    link = "（符号链接，搜索不跟随）"  # 不跟随，但要说
    assert result.endswith(f"[有 2 个文件或目录没有搜：link.txt{link}、linkdir{link}]")


@our_tool("read_file")
def test_env_files_are_never_read_or_searched(project):
    (project / ".env").write_text("OPENAI_API_KEY=sk-real-key\n", encoding="utf-8")
    (project / "config").mkdir()
    (project / "config" / ".env.local").write_text("OPENAI_API_KEY=sk-real-key\n", encoding="utf-8")
    assert ".env" in run_tool("read_file", path=".env") and run_tool("read_file", path=".env").startswith("错误：")
    assert run_tool("read_file", path="config/.env.local").startswith("错误：")
    assert "没有找到" in run_tool("search_files", query="sk-real-key")
    assert run_tool("search_files", query="sk-real-key").endswith("config/.env.local（保存密钥的 env 文件，不搜）]")
    assert "没有找到" in run_tool("search_files", query="OPENAI_API_KEY", path="config")


# ── list_files ───────────────────────────────────────────────
def test_list_files_sorted_with_directories_marked(project):
    assert run_tool("list_files") == "README.md\npackage.json\nsrc/\ntests/"
    assert run_tool("list_files", path="src") == "index.js"


def test_list_files_caps_huge_directories_and_pages_by_offset(workdir):
    for i in range(tools.MAX_LIST_ENTRIES + 25):
        (workdir / f"f{i:04d}.txt").touch()
    lines = run_tool("list_files").splitlines()
    assert len(lines) == tools.MAX_LIST_ENTRIES + 1
    assert lines[-1] == "[第 1–300 项，共 325 项；用 offset=301 继续列出]"
    rest = run_tool("list_files", offset=301).splitlines()
    assert rest == [f"f{i:04d}.txt" for i in range(300, 325)]  # 最后一页：没有提示
    assert run_tool("list_files", offset=320).splitlines()[0] == "f0319.txt"
    assert "共 325 项" not in run_tool("list_files", offset=320)
    assert "只有 325 项，offset=326 超出了末尾" in run_tool("list_files", offset=326)
    assert run_tool("list_files", offset=0).startswith("错误：")
    assert "offset" in tools.SCHEMAS["list_files"]["parameters"]["properties"]


@pytest.mark.parametrize("cap", [100, 130, 200, 400])
def test_a_cut_listing_is_never_empty_and_says_how_to_go_on(workdir, monkeypatch, cap):
    names = [f"{i:03d}-{'n' * 20}.txt" for i in range(30)]
    for name in names:
        (workdir / name).touch()
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", cap)
    seen, offset = [], 1
    while True:  # 按提示一页页翻，拼起来就是整个目录
        page = run_tool("list_files", offset=offset)
        assert len(page) <= cap and page.splitlines()[0] == names[len(seen)]
        hint = re.fullmatch(r"\[第 (\d+)–(\d+) 项，共 30 项；用 offset=(\d+) 继续列出\]", page.splitlines()[-1])
        if not hint:
            seen += page.splitlines()
            break
        seen += page.splitlines()[:-1]
        assert int(hint.group(1)) == offset and int(hint.group(3)) == int(hint.group(2)) + 1 == len(seen) + 1
        offset = int(hint.group(3))
    assert seen == names


# ── read_file ────────────────────────────────────────────────
@our_tool("read_file")
def test_read_file_pages_by_offset_and_limit(workdir):
    (workdir / "long.txt").write_text("".join(f"line {i}\n" for i in range(1, 1001)), encoding="utf-8")
    first = run_tool("read_file", path="long.txt")
    assert first.splitlines()[0] == "1\tline 1"
    assert f"line {tools.READ_LINES}\n" in first + "\n" and f"line {tools.READ_LINES + 1}\n" not in first
    assert f"offset={tools.READ_LINES + 1}" in first
    page = run_tool("read_file", path="long.txt", offset=500, limit=3)
    assert [line.split("\t")[1] for line in page.splitlines()[:3]] == ["line 500", "line 501", "line 502"]
    assert "offset=503" in page
    end = run_tool("read_file", path="long.txt", offset=999, limit=50)
    assert "line 1000" in end and "offset=" not in end
    assert "超出" in run_tool("read_file", path="long.txt", offset=5000)


@our_tool("read_file")
def test_read_file_caps_a_huge_file_without_reading_it_all(workdir):
    big = workdir / "big.log"
    with open(big, "wb") as f:
        f.write(b"first line of the log\n" + b"log line\n" * 20_000)
        f.truncate(200 * 1024 * 1024)  # 后面是稀疏的空洞，凑满 200 MB
    result = run_tool("read_file", path="big.log")
    assert "first line of the log" in result
    assert len(result) < tools.MAX_RESULT_CHARS + 500
    assert "offset=" in result and "字节没显示" in result


@our_tool("read_file")
def test_read_file_describes_binary_files(workdir):
    (workdir / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)) * 10)
    result = run_tool("read_file", path="logo.png")
    assert "二进制" in result and "image/png" in result and "2576 字节" in result
    assert "\0" not in result and len(result) < 200


@our_tool("read_file")
def test_read_file_decodes_non_utf8_with_replacement(workdir):
    (workdir / "gbk.txt").write_bytes("你好，世界\n".encode("gbk"))
    result = run_tool("read_file", path="gbk.txt")
    assert not result.startswith("错误：") and "\ufffd" in result


@our_tool("read_file")
def test_read_file_shortens_a_very_long_line(workdir):
    (workdir / "min.js").write_text("a" * 50_000 + "\nsecond\n", encoding="utf-8")
    result = run_tool("read_file", path="min.js")
    assert "此行过长" in result and "second" in result and len(result) < 3 * tools.MAX_LINE_CHARS


# ── search_files ─────────────────────────────────────────────
def test_search_files_reports_file_line_text_and_skips_noise(project):
    for skipped in ["node_modules/react", ".git", "__pycache__", "venv", ".hidden"]:
        (project / skipped).mkdir(parents=True)
        (project / skipped / "x.js").write_text('require("express")\n', encoding="utf-8")
    (project / "venv" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")
    result = run_tool("search_files", query="express")
    assert result.splitlines() == [
        'package.json:6: "express": "^4.18.2"',
        'src/index.js:1: const express = require("express");',
        "src/index.js:3: const app = express();",
        'tests/test_index.js:3: test("app is an express application", () => {',
        "[没有进去搜的 4 个目录：.git、.hidden、node_modules、venv（整体搜索跳过隐藏目录、node_modules、site-packages "
        "和虚拟环境；要搜里面，把 path 指向它）]",  # __pycache__ 不列：里面只是搜过的 .py 编译出来的
    ]
    assert "x.js" in run_tool("search_files", query="express", path=".hidden")  # 指向它就搜


def test_search_files_stops_at_50_hits_and_says_so(workdir):
    for i in range(30):
        (workdir / f"f{i:02d}.txt").write_text("needle\n" * 3, encoding="utf-8")
    lines = run_tool("search_files", query="needle").splitlines()
    assert len(lines) == tools.MAX_SEARCH_HITS + 1
    assert lines[-1].startswith("[结果已截断：只显示了前 50 条匹配") and "query" in lines[-1] and "path" in lines[-1]


@pytest.mark.parametrize("cap", [100, 130, 200])
def test_a_cut_search_shows_the_first_hit_and_how_to_narrow(project, monkeypatch, cap):
    (project / "src" / "long.js").write_text(
        "// " + "express " * 100 + "\n" + 'require("express")\n' * 40, encoding="utf-8"
    )
    monkeypatch.setattr(tools, "MAX_RESULT_CHARS", cap)
    for path, first in [(".", 'package.json:6: "express": "^4.18.2"'), ("src/long.js", "src/long.js:1: // express")]:
        lines = run_tool("search_files", query="express", path=path).splitlines()
        assert lines[0].startswith(first) and len("\n".join(lines)) <= cap
        assert re.fullmatch(
            r"\[结果已截断：只显示了前 [1-9]\d* 条匹配；可以换更具体的 query，或用 path 缩小范围\]", lines[-1]
        )
    assert run_tool("search_files", query="lodash").startswith("在 . 里没有找到")  # 没截断的照旧


def test_search_files_finds_a_match_after_many_near_misses(workdir):
    (workdir / "a.txt").write_text("zeb " * 100 + "zebra\n", encoding="utf-8")  # 锚点字节 z 先出现 100 次
    (workdir / "b.txt").write_text("zebra at the very start\n", encoding="utf-8")
    lines = run_tool("search_files", query="zebra").splitlines()
    assert [line.split(":")[0] for line in lines] == ["a.txt", "b.txt"]


def test_search_files_lists_no_lines_of_binary_files_but_names_one_holding_the_query(workdir):
    """像 grep 的“Binary file matches”：不列行，但要说——不然“没找到”就成了“没有”。数据文件（.bin、.db）也许真存着
    它；图片、字体里碰巧有这串字节，整体搜索时不提，只搜这一个文件时也要说（问的就是它）。"""
    for name in ("data.dat", "data.bin", "app.db"):
        (workdir / name).write_bytes(b"\0\1needle\0\0\0")
    (workdir / "other.dat").write_bytes(b"\0\0\0")
    (workdir / "logo.png").write_bytes(b"needle\0\0\0")
    result = run_tool("search_files", query="needle")
    assert "没有找到" in result and all(f"{n}（看起来是二进制" in result for n in ("data.dat", "data.bin", "app.db"))
    assert "other.dat" not in result and "logo.png" not in result, result
    result = run_tool("search_files", query="needle", path="logo.png")
    assert "logo.png（看起来是二进制文件" in result, result


def test_search_files_says_which_files_were_too_big_to_search(workdir):
    """超过 MAX_SEARCH_FILE_BYTES 的文件不搜，但要说：不然“没找到”就成了“没有”。"""
    (workdir / "bundle.js").write_text("var x=1;\n" * 300_000 + 'require("lodash");\n', encoding="utf-8")
    for path in (".", "bundle.js"):
        result = run_tool("search_files", query="lodash", path=path)
        assert result.startswith(f"在 {path} 里没有找到") and result.endswith(
            "[有 1 个文件或目录没有搜：bundle.js（超过 2 MB，search_files 不搜；可以用 read_file 分页读）]"
        ), result


def test_search_files_lists_at_most_ten_skipped_folders_and_counts_the_rest(workdir):
    for i in range(12):
        (workdir / f".d{i:02d}").mkdir()
    (workdir / "src" / "__pycache__").mkdir(parents=True)
    note = run_tool("search_files", query="needle").splitlines()[-1]
    assert note.startswith("[没有进去搜的 12 个目录：.d00、.d01、") and ".d09 等（" in note and ".d10" not in note


# ── run_command ──────────────────────────────────────────────
def test_run_command_without_terminal_or_yes_is_not_run(workdir, monkeypatch):
    monkeypatch.setattr(sys, "stdin", open(os.devnull, encoding="utf-8"))
    result = run_tool("run_command", command="echo hi > made.txt")
    assert "没有执行" in result and "--yes" in result
    assert not (workdir / "made.txt").exists()


def test_run_command_with_yes_reports_exit_code_and_output(workdir):
    result = run_tool("run_command", YES, command=f'"{sys.executable}" -c "print(42); raise SystemExit(3)"')
    assert result.splitlines() == ["退出码：3", "42"]
    assert "没有输出" in run_tool("run_command", YES, command=f'"{sys.executable}" -c "pass"')


@posix_only("用 POSIX shell 的 sleep、&、$!")
def test_run_command_timeout_kills_the_whole_process_group(workdir):
    marker = workdir / "child.pid"
    result = run_tool(
        "run_command", Options(auto_approve=True, command_timeout=1), command=f"sleep 60 & echo $! > {marker}; wait"
    )
    assert "超过 1 秒" in result
    assert not alive(int(marker.read_text(encoding="utf-8")))


def test_run_command_keeps_head_and_tail_of_long_output(workdir):
    result = run_tool("run_command", YES, command=f"\"{sys.executable}\" -c \"print('START' + 'x' * 50000 + 'END')\"")
    assert "START" in result and "END" in result and "省略了" in result
    assert len(result) < tools.MAX_RESULT_CHARS + 200


# ── 命令的环境：看得到 shell 里导出的变量，看不到 key 和 .env ──────────
def copy_of_the_agent(tmp_path):
    """一份程序的拷贝和一个单独的工作目录：.env 放在 agent.py 旁边，在工作目录之外。"""
    work = tmp_path / "work"
    work.mkdir()
    return agent_copy(tmp_path), work


def agent_without_settings(app, *args, **extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_") and k != "MODEL"}
    env.update(PYTHONIOENCODING="utf-8", **extra)
    return spawn.run(
        [sys.executable, str(app / "agent.py"), "--max-rounds", str(ROUNDS), *args],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=30,
        check=False,
    )


@posix_only("命令是 POSIX shell 的 env | grep")
def test_commands_see_shell_variables_but_not_the_key_or_dotenv_settings(provider, tmp_path):
    app, work = copy_of_the_agent(tmp_path)
    show = {"command": "env | grep -iE 'setting|dotenv|openai|sk-' || true"}
    p = provider(
        [
            tool_reply(call("run_command", show)),
            text_reply("好"),
            tool_reply(call("run_command", show)),
            text_reply("好"),
        ]
    )
    (app / ".env").write_text(
        f"OPENAI_API_KEY=sk-from-dotenv\nOPENAI_BASE_URL={p.url}\n"
        "OPENAI_MAX_RETRIES=0\nMODEL=m\nDOTENV_ONLY=from-dotenv\n",
        encoding="utf-8",
    )
    result = agent_without_settings(app, "--yes", "-C", str(work), "看看环境", SHELL_SETTING="from-shell")
    assert result.returncode == 0, result.stderr
    seen = tool_results(sent(p, 1))[-1]
    assert "SHELL_SETTING=from-shell" in seen
    assert "sk-from-dotenv" not in seen and "DOTENV_ONLY" not in seen and "OPENAI" not in seen

    result = agent_without_settings(
        app, "--yes", "-C", str(work), "看看环境", OPENAI_API_KEY="sk-from-shell", OPENAI_ORG_ID="org-shell"
    )
    assert result.returncode == 0, result.stderr
    seen = tool_results(sent(p, 3))[-1]
    assert "sk-from-shell" not in seen and "OPENAI_API_KEY" not in seen
    assert "OPENAI_ORG_ID=org-shell" in seen  # 用户自己导出的变量照常能用


# ── run_command：输出再多内存也不涨，后台进程不留，确认必须是人给的 ─────
def finishes(fn, seconds=15):
    """在线程里跑 fn：卡住（比如卡在命名管道上）就让测试失败，而不是永远等下去。"""
    result = []
    worker = threading.Thread(target=lambda: result.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"{seconds} 秒还没返回，卡住了"
    return result[0]


@posix_only("命令是 yes | head；峰值内存读 /proc", needs="/proc/self/status")
def test_run_command_memory_stays_flat_however_much_the_command_prints(workdir):
    code = MEMORY_PRELUDE + (
        "result = tools.dispatch_tool('run_command', {'command': 'yes | head -c 200000000'}, yes)\n"
        "print(hwm() - before, len(result), '省略了' in result)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=workdir,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
        timeout=120,
        check=False,
        encoding="utf-8",
    )
    grown_kb, length, cut = out.stdout.split()
    assert int(grown_kb) < 50 * 1024, f"200 MB 的输出让进程多用了 {int(grown_kb) // 1024} MB"
    assert int(length) <= tools.MAX_RESULT_CHARS and cut == "True"


@posix_only("用 POSIX shell 的 sleep、&、nohup，os.kill 查进程")
def test_run_command_ends_what_it_left_running_in_the_background(workdir):
    command = (
        "sleep 100 > /dev/null 2>&1 & echo $! > bg.pid; "
        "nohup sleep 100 > /dev/null 2>&1 & echo $! > nohup.pid; "
        "sleep 100 & echo $! > piped.pid; echo started"
    )
    result = finishes(lambda: run_tool("run_command", Options(auto_approve=True, command_timeout=20), command=command))
    pids = [int((workdir / f"{name}.pid").read_text(encoding="utf-8")) for name in ("bg", "nohup", "piped")]
    try:
        assert "started" in result and "后台" in result and "超过" not in result
        assert not any(alive(pid) for pid in pids)
    finally:
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@posix_only("用伪终端")
def test_typed_ahead_input_does_not_answer_the_approval(project, provider):
    p = provider(
        [{"sleep": 0.3, "then": tool_reply(call("run_command", {"command": "touch made.txt"}))}, text_reply("好")]
    )
    term = Terminal(p, cwd=project, TERM="dumb")
    term.wait_for("你：")
    term.type("做点事\ny\n")  # 模型还在想，命令还没出现，就先敲了 y（和问题一起写进终端：y 一定先到）
    term.wait_for("(y/N)")
    term.type("n\n")
    term.wait_for("[最终回复]")
    assert term.quit() == 0
    assert "用户拒绝" in tool_results(sent(p, 1))[-1]
    assert not (project / "made.txt").exists()


def refuse_on_a_terminal(project, provider, command):
    """模型要执行 command，用户在伪终端里看到确认后回答 n；返回终端上的全部文字。"""
    p = provider([tool_reply(call("run_command", {"command": command})), text_reply("好")])
    term = Terminal(p, cwd=project, TERM="dumb")
    term.wait_for("你：")
    term.type("做点事\n")
    term.wait_for("(y/N)")
    term.type("n\n")
    term.wait_for("[最终回复]")
    assert term.quit() == 0
    return term.out


@posix_only("用伪终端")
def test_approval_shows_the_whole_command_on_its_own_lines_with_controls_escaped(project, provider):
    command = "echo " + "word " * 60 + "\x1b[2K\rrm -rf build\nls"
    lines = refuse_on_a_terminal(project, provider, command).replace("\r\n", "\n").split("\n")
    asking = next(i for i, line in enumerate(lines) if "(y/N)" in line)
    assert "共 2 行" in "".join(lines[asking - 1 : asking + 1])  # 问的时候再说一遍：两行
    shown_command = "\n".join(line.strip() for line in lines[asking - 3 : asking - 1])  # 问题上面一行是再说一遍的开头
    assert shown_command == ("echo " + "word " * 60).strip() + " \\x1b[2K\\rrm -rf build\nls"


# ── 只打开普通文件；env 文件一条规则；链接 ────────────────────────
@posix_only("用命名管道（mkfifo）和 AF_UNIX socket")
@our_tool("read_file")
def test_read_file_on_a_fifo_or_socket_answers_at_once_naming_its_kind(workdir):
    os.mkfifo(workdir / "dev.log")
    result = finishes(lambda: run_tool("read_file", path="dev.log"))
    assert result.startswith("错误：") and "命名管道" in result
    with socket.socket(socket.AF_UNIX) as server:
        server.bind("app.sock")
        result = finishes(lambda: run_tool("read_file", path="app.sock"))
    assert result.startswith("错误：") and "套接字" in result


@posix_only("用命名管道（mkfifo）")
def test_search_files_walks_past_fifos(project):
    os.mkfifo(project / "aaa.pipe")
    os.mkfifo(project / "src" / "dev.log")
    result = finishes(lambda: run_tool("search_files", query="express"))
    assert "src/index.js:1:" in result and "pipe" not in result and "dev.log" not in result
    result = finishes(lambda: run_tool("search_files", query="express", path="src/dev.log"))
    assert result.startswith("错误：") and "命名管道" in result


def test_search_files_with_a_file_as_path_searches_that_file(project):
    assert run_tool("search_files", query="express", path="src/index.js").splitlines() == [
        'src/index.js:1: const express = require("express");',
        "src/index.js:3: const app = express();",
    ]


@posix_only("符号链接在 Windows 上要特权")
def test_list_files_marks_broken_links_and_loops_instead_of_failing(workdir):
    (workdir / "real.txt").write_text("hi", encoding="utf-8")
    (workdir / "loop").symlink_to("loop")
    (workdir / "broken").symlink_to("missing.txt")
    (workdir / "sub").mkdir()
    lines = run_tool("list_files").splitlines()
    assert lines[-2:] == ["real.txt", "sub/"]
    assert lines[0].startswith("broken（") and "不存在" in lines[0]
    assert lines[1].startswith("loop（") and "循环" in lines[1]


SECRET_NAMES = [
    ".env",
    ".ENV",
    ".Env.Local",
    ".env.production",
    ".envrc",
    "prod.env",
    "STAGING.ENV",
    ".env~",
    "#.env#",
    ".env-prod",
    ".env_local",
    ".env1",
    ".envrc.local",
]
TEMPLATE_NAMES = [".env.example", ".ENV.Sample", ".env.template"]


@pytest.mark.parametrize("name", SECRET_NAMES)
@our_tool("read_file")
def test_every_spelling_of_an_env_file_is_kept_back(workdir, name):
    (workdir / name).write_text("OPENAI_API_KEY=sk-real-key\n", encoding="utf-8")
    result = run_tool("read_file", path=name)
    assert result.startswith("错误：") and "env 文件" in result
    assert "没有找到" in run_tool("search_files", query="sk-real-key")
    assert run_tool("search_files", query="sk-real-key").endswith(
        f"没有搜：{name}（保存密钥的 env 文件，不搜）]"
    )  # 要说没搜
    assert "没有找到" in run_tool("search_files", query="sk-real-key", path=".")
    listed = run_tool("list_files")
    assert listed.startswith(name + "（") and "不能读取" in listed


@pytest.mark.parametrize("folder", [".env", ".envs/.production", "prod.env"])
@our_tool("read_file")
def test_files_inside_an_env_folder_are_kept_back(workdir, folder):
    (workdir / folder).mkdir(parents=True)
    (workdir / folder / "django").write_text("DB_PASSWORD=hunter2\n", encoding="utf-8")
    assert run_tool("read_file", path=f"{folder}/django").startswith("错误：")
    assert run_tool("list_files", path=folder).startswith("错误：")
    for where in (".", folder):
        assert "django:1" not in run_tool("search_files", query="hunter2", path=where)


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_env_templates_stay_readable(workdir, name):
    (workdir / name).write_text("OPENAI_API_KEY=sk-your-key-here\n", encoding="utf-8")
    assert "sk-your-key-here" in run_tool("read_file", path=name)
    assert f"{name}:1:" in run_tool("search_files", query="sk-your-key-here")
    assert run_tool("list_files") == name


@posix_only("符号链接在 Windows 上要特权")
@our_tool("read_file")
def test_links_to_an_env_file_are_kept_back(workdir, monkeypatch):
    env_file = workdir / ".env"
    env_file.write_text("OPENAI_API_KEY=sk-real-key\n", encoding="utf-8")
    (workdir / "settings.txt").symlink_to(".env")
    os.link(env_file, workdir / "notes.txt")  # 硬链接：名字普通，其实就是 .env
    st = env_file.stat()
    read = Options(env_files=frozenset({(st.st_dev, st.st_ino)}))  # agent.py 读过它
    for name in ("settings.txt", "notes.txt"):
        assert run_tool("read_file", read, path=name).startswith("错误："), name
    assert "没有找到" in run_tool("search_files", read, query="sk-real-key")
    assert run_tool("search_files", read, query="sk-real-key", path="notes.txt").startswith("错误：")
    assert all("不能读取" in line for line in run_tool("list_files", read).splitlines())


@our_tool("read_file")
def test_a_hard_link_to_the_env_file_next_to_agent_py_is_kept_back(provider, tmp_path):
    app, work = copy_of_the_agent(tmp_path)
    p = provider(
        [
            tool_reply(
                call("read_file", {"path": "notes.txt"}, id="c1"),
                call("search_files", {"query": "sk-from-dotenv"}, id="c2"),
                call("list_files", {}, id="c3"),
            ),
            text_reply("好"),
        ]
    )
    (app / ".env").write_text(
        f"OPENAI_API_KEY=sk-from-dotenv\nOPENAI_BASE_URL={p.url}\nOPENAI_MAX_RETRIES=0\nMODEL=m\n", encoding="utf-8"
    )
    os.link(app / ".env", work / "notes.txt")
    unset = [k for k in cli_env() if k.startswith("OPENAI_") or k == "MODEL"]  # 设置只从 app 里的 .env 来
    result = run_main("-C", str(work), "看看", app=app, unset=unset)  # 本进程里：文件工具用不着真的进程
    assert result.returncode == 0, result.stderr
    read, searched, listed = tool_results(sent(p, 1))
    assert read.startswith("错误：") and "sk-from-dotenv" not in read
    assert "没有找到" in searched
    assert listed.startswith("notes.txt（") and "不能读取" in listed


# ── 结果的大小上限：哪个工具、哪种错误都一样 ──────────────────────
@our_tool("read_file")
def test_results_that_echo_a_huge_argument_quote_only_its_beginning(workdir):
    huge = "a" * 1_000_000
    for name, args in [
        ("read_file", {"path": huge}),
        ("list_files", {"path": huge}),
        ("search_files", {"query": huge}),
        ("search_files", {"query": "x", "path": huge}),
        (huge, {}),
    ]:
        result = run_tool(name, **args)
        assert len(result) < 1000 and "个字符）" in result, (name[:20], result[:300])


@posix_only("路径超过 260 个字符（Windows 的 MAX_PATH）")
def test_list_files_with_many_long_names_stays_under_the_cap(workdir):
    for i in range(400):
        (workdir / f"{i:03d}{'n' * 200}.txt").touch()
    result = run_tool("list_files")
    assert len(result) <= tools.MAX_RESULT_CHARS
    assert result.splitlines()[0].startswith("000n") and "继续列出" in result.splitlines()[-1]


@posix_only("路径超过 260 个字符（Windows 的 MAX_PATH）")
def test_search_files_with_deep_paths_stays_under_the_cap(workdir):
    deep = workdir.joinpath(*[f"{level:02d}{'d' * 180}" for level in range(12)])
    deep.mkdir(parents=True)
    (deep / "hits.txt").write_text("needle\n" * 60, encoding="utf-8")
    result = run_tool("search_files", query="needle")
    assert len(result) <= tools.MAX_RESULT_CHARS
    assert "hits.txt:1: needle" in result and "截断" in result.splitlines()[-1]


def test_dispatch_caps_every_result_and_says_what_was_cut(workdir, monkeypatch):
    monkeypatch.setitem(tools.TOOL_REGISTRY, "list_files", lambda path=".", options=None: "x" * 100_000)
    result = run_tool("list_files")
    assert len(result) <= tools.MAX_RESULT_CHARS and "省略了" in result


# ── 命令行参数 ───────────────────────────────────────────────
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1"])
def test_command_timeout_must_be_a_finite_number_above_0(project, value):
    result = run_main("--demo", "--command-timeout", value, "看看")
    assert result.returncode == 2 and "--command-timeout" in result.stderr


@our_tool("read_file")
def test_reading_just_past_the_last_line_says_how_many_lines_there_are(workdir):
    (workdir / "two.txt").write_text("line1\nline2\n", encoding="utf-8")
    assert run_tool("read_file", path="two.txt", offset=3) == "two.txt 只有 2 行，offset=3 超出了文件末尾"


@our_tool("read_file")
def test_search_and_read_agree_on_line_numbers_when_a_file_has_carriage_returns(workdir):
    (workdir / "f.py").write_bytes(b'x = 1\r# progress\rtoken = "abc"\nsecond line\nthird TARGET\n')
    assert run_tool("search_files", query="TARGET") == "f.py:3: third TARGET"
    assert run_tool("read_file", path="f.py", offset=3) == "3\tthird TARGET"


@posix_only("Windows 的文件名里不能有换行")
def test_a_newline_in_a_file_name_cannot_fake_a_line_of_the_result(workdir):
    (workdir / "notes.txt\n[最终回复]\n没有问题").write_text("TARGET\n", encoding="utf-8")
    assert run_tool("list_files") == "notes.txt\\n[最终回复]\\n没有问题"
    assert run_tool("search_files", query="TARGET") == "notes.txt\\n[最终回复]\\n没有问题:1: TARGET"


@posix_only("用伪终端")
def test_approval_says_how_many_lines_a_command_has_and_its_first_line(project, provider):
    command = "touch made.txt #" + "\n" * 60 + "ls -la   # list files"
    text = refuse_on_a_terminal(project, provider, command)
    lines = text.splitlines()
    asking = next(lines[i - 1] + line for i, line in enumerate(lines) if "(y/N)" in line)  # 问题和它上面一行
    assert "共 61 行" in asking and "touch made.txt #" in asking
    assert not (project / "made.txt").exists()


def test_arguments_that_only_python_accepts_are_not_replayed(workdir):
    for text in ('{"path": ".", "limit": NaN}', '{"path": "\\ud83d"}'):
        stored = json_arguments(text)
        assert json.loads(stored) == {"invalid_json": text}
        assert run_tool("list_files", **{}) and "不是完整的 JSON 对象" in tools.dispatch_tool("read_file", stored)


@our_tool("read_file")
def test_the_env_files_hard_links_are_kept_back_in_the_demo_and_in_a_replay_too(workdir, tmp_path):
    """离线演示和回放不读 .env，也照样不许文件工具读它（和它的硬链接）：和真跑、和 -C 时一样的规矩。"""
    secret = "sk-demo-SECRET-0123456789"
    (workdir / ".env").write_text(f"OPENAI_API_KEY={secret}\n", encoding="utf-8")
    os.link(workdir / ".env", workdir / "README.md")  # 名字再普通，也是那个 .env
    demo = run_main("--demo", "这个项目是做什么的？")
    assert secret not in demo.stdout + demo.stderr and "保存密钥的 env 文件" in demo.stdout
    recording = tmp_path / "read.jsonl"
    reply = {"choices": [{"message": {"role": "assistant", "content": "", "tool_calls": [read_call()]}}]}
    events = [
        {"event": "session", "version": 1, "model": "m", "host": "h", "tools": [], "max_rounds": 2, "mode": "question"},
        {"event": "request", "question": 1, "round": 1, "keep": 0, "new": [{"role": "user", "content": "读"}]},
        {"event": "reply", "question": 1, "round": 1, "reply": reply},
    ]
    recording.write_text("\n".join(json.dumps(e) for e in events) + "\n", encoding="utf-8")
    replayed = run_main("--replay", str(recording))
    assert secret not in replayed.stdout + replayed.stderr and "保存密钥的 env 文件" in replayed.stdout


def read_call():
    return {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": '{"path": "README.md"}'}}
