"""在 Linux 上能证明的 Windows 的几条规矩：指向工作目录之外的 Windows 写法碰都不碰，-C 展开 ~。"""

import os
import pathlib
import signal
import threading

import pytest
from conftest import client_for, our_tool, posix_only, run_main
from hypothesis import given
from hypothesis import strategies as st

import tools
from fakes.provider import text_reply
from support.command_guard import output_text
from support.terminal import Waiting

FOREIGN = [
    "//host/share/secret.txt",  # UNC：Windows 上一解析就连上那台机器，还送去登录凭据
    "\\\\host\\share\\secret.txt",
    "\\\\?\\C:\\Windows\\win.ini",  # 设备路径
    "\\\\.\\pipe\\x",
    "C:\\Windows\\win.ini",  # 另一个盘
    "c:notes.txt",  # 盘符 + 相对路径：那个盘的当前目录
    "\\Windows\\win.ini",  # 当前盘的根
    "/\\host\\share",
]


@pytest.mark.parametrize("path", FOREIGN)
@pytest.mark.parametrize("tool", [pytest.param("read_file", marks=our_tool("read_file")), "list_files", "search_files"])
def test_a_windows_path_outside_the_workspace_is_refused_before_anything_touches_it(project, monkeypatch, tool, path):
    touched = []

    def refuse(*args, **kwargs):
        touched.append(args)
        raise AssertionError("碰了文件系统")

    args = {"query": "x", "path": path} if tool == "search_files" else {"path": path}
    with monkeypatch.context() as patched:  # 出来就还原：断言失败时 pytest 自己也要用 os.stat
        for name in ("resolve", "stat", "exists", "is_dir"):
            patched.setattr(pathlib.Path, name, refuse)
        for name in ("open", "stat", "lstat", "scandir", "listdir"):
            patched.setattr(os, name, refuse)
        result = tools.dispatch_tool(tool, args)
    assert touched == [] and result.startswith("错误：") and "请写相对于工作目录的路径" in result, result


def test_workdir_expands_the_home_directory(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "code" / "my-app").mkdir(parents=True)
    (home / "code" / "my-app" / "README.md").write_text("# App\n\nA tiny app.\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    out = run_main("--demo", "-C", "~/code/my-app", "这个项目是做什么的？", HOME=str(home), USERPROFILE=str(home))
    assert out.returncode == 0, out.stderr
    assert "A tiny app." in out.stdout


# ── run_command 的输出：cmd 写的是控制台的代码页，不是 UTF-8 ─────────────────
def test_command_output_in_the_console_code_page_is_decoded_and_crlf_normalised():
    said = "'ls' 不是内部或外部命令，也不是可运行的程序\r\n或批处理文件。\r\n"
    assert output_text(said.encode("gbk"), b"", b"", "cp936") == said.replace("\r\n", "\n")
    assert output_text(said.encode("utf-8"), b"", b"", "cp936") == said.replace("\r\n", "\n")
    assert output_text(b"\xff\xfe", b"", b"", "no-such-code-page") == "\ufffd\ufffd"  # 认不得的代码页：不出错


@given(st.text(min_size=1, max_size=60), st.integers(0, 200), st.integers(0, 200))
def test_utf8_output_cut_anywhere_is_still_read_as_utf8(text, a, b):
    """输出太长时只留头尾：切口切开了一个字符，也不因此当成 cp936 读成乱码。"""
    data = (text * 4).encode("utf-8")
    head, tail = data[: min(a, len(data))], data[len(data) - min(b, len(data)) :]
    shown = output_text(head, b"\n...\n", tail, "cp936")
    kept = shown.replace("\ufffd", "").split("\n...\n")
    assert all(piece.replace("\r\n", "\n") in (text * 4).replace("\r\n", "\n") for piece in kept)


# ── 等模型回复时按 Ctrl-C：在另一个线程里等（Windows 的做法），主线程照样停下 ────────────
@posix_only("os.kill(自己, SIGINT) 在 Windows 上是直接结束进程")
def test_waiting_in_a_thread_is_interrupted_by_ctrl_c(provider):
    slow = provider([{"sleep": 30, "then": text_reply("太晚了")}])
    client = Waiting(client_for(slow), in_thread=True)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # pytest 从后台（cmd &）启动时 SIGINT 被忽略
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
    finally:
        timer.join()
        signal.signal(signal.SIGINT, before)


def test_waiting_in_a_thread_passes_replies_and_errors(provider):
    import openai  # 用到时才导入，和 conftest 的 client_for 一样

    quick = provider([text_reply("好")])
    reply = Waiting(client_for(quick), in_thread=True).chat.completions.create(
        model="m", messages=[{"role": "user", "content": "hi"}]
    )
    assert reply.choices[0].message.content == "好"
    with pytest.raises(openai.BadRequestError):  # 服务商的 400 照样抛出来
        Waiting(client_for(quick), in_thread=True).chat.completions.create(model="m", messages=[])


def test_an_editor_path_with_backslashes_keeps_them_on_windows():
    from support.step import editor_command

    assert editor_command(r"C:\Windows\notepad.exe", windows=True) == [r"C:\Windows\notepad.exe"]
    quoted = r'"C:\Program Files\Notepad++\notepad++.exe" -multiInst'
    assert editor_command(quoted, windows=True) == [r"C:\Program Files\Notepad++\notepad++.exe", "-multiInst"]
    assert editor_command("vim -u NONE", windows=False) == ["vim", "-u", "NONE"]
