"""--step 的 what-if：暂停时改一条就要送回去的工具结果，模型的下一步跟着变。伪终端里真实运行。"""

import contextlib
import io
import os
import signal
import sys
from pathlib import Path

import pytest
from conftest import QUESTION, Terminal, posix_only, wait_until

from support.stats import NotRun
from support.step import edit_result

BLUE, GREEN = "\x1b[34m", "\x1b[32m"


def step_through(term, edits):
    """每个暂停按回车；第 n 个暂停先打 edits[n] 里的字（比如 "e\\n"），结果改好后再回车继续。"""
    pause = 0
    while True:
        pause += 1
        term.wait_for("q 回车停下这个问题", pause)
        if pause in edits:
            for text, wait in edits[pause]:
                term.type(text)
                if wait:
                    term.wait_for(wait)
            pause += 1
            term.wait_for("q 回车停下这个问题", pause)  # 改完以后重新显示这一轮，再问一次
        term.type("\n")
        if pause >= 5:
            return term.finish()


@posix_only("用伪终端")
def test_editing_the_package_json_result_changes_the_answer(project, monkeypatch):
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    term = Terminal(None, "--demo", "--step", "-C", str(project), QUESTION)
    # 第 3 轮之前，新增的是 read_file(package.json) 的请求和它的结果：把 react 换成 vue
    code = step_through(term, {3: [("e\n", "把哪段文字："), ("react\n", "换成："), ("vue\n", None)]})

    assert code == 0
    out = term.out
    assert "tool_call_id=call_demo_2  （已改）" in out
    assert "- 前端：Vue 18.2" in out and "React 18.2" not in out
    assert f"{BLUE}    [4] assistant tool_calls: read_file" in out and f"{GREEN}    [5] tool" in out


@posix_only("用伪终端")
def test_editing_with_editor_and_no_colour(project, monkeypatch, tmp_path):
    script = tmp_path / "edit.py"
    script.write_text(
        "import sys, pathlib\n"
        "f = pathlib.Path(sys.argv[1])\n"
        "f.write_text(f.read_text(encoding='utf-8').replace('express', 'koa') + '\\n', encoding='utf-8')\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    monkeypatch.setenv("NO_COLOR", "1")
    term = Terminal(None, "--demo", "--step", "-C", str(project), QUESTION)
    code = step_through(term, {3: [("e\n", None)]})

    assert code == 0
    out = term.out
    assert "（已改）" in out and "- 后端：Koa 4.18（Node.js）" in out and "Express 4.18" not in out
    assert "\x1b[3" not in out


@posix_only("用伪终端")
def test_without_an_edit_the_answer_is_unchanged_and_nothing_is_marked(project, monkeypatch):
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    term = Terminal(None, "--demo", "--step", "-C", str(project), QUESTION)
    code = step_through(term, {3: [("e\n", "把哪段文字："), ("angular\n", "结果里没有"), ("", None)]})

    assert code == 0
    assert "（已改）" not in term.out and "- 前端：React 18.2" in term.out


# ── 改结果时的意外：不出内部错误，不改坏历史 ────────────────────────
def two_results():
    calls = [{"id": i, "type": "function", "function": {"name": "list_files", "arguments": "{}"}} for i in "ab"]
    return [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": calls},
        {"role": "tool", "tool_call_id": "a", "content": "react"},
        {"role": "tool", "tool_call_id": "b", "content": "vue"},
    ]


@pytest.mark.parametrize(
    "editor",
    [
        "rm",  # 把文件删了
        'sh -c \'rm "$0"; mkdir "$0"\'',  # 换成了目录
        "sh -c ': > \"$0\"'",  # 清空了：空的工具结果有的服务商拒收
        "no-such-editor-here",
        "sh -c 'exit 3'",
        "'unclosed",
    ],
)
def test_an_editor_that_misbehaves_changes_nothing(monkeypatch, capsys, editor):
    monkeypatch.setenv("EDITOR", editor)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    messages = two_results()
    assert edit_result(messages) is None
    out = capsys.readouterr().out
    assert messages == two_results() and ("没有改" in out or "没法用编辑器" in out)


@pytest.mark.parametrize("pick", ["²", "0", "3", "-1", "x", ""])
def test_a_pick_that_is_not_one_of_the_results_changes_nothing(monkeypatch, capsys, pick):
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{pick}\nreact\nvue\n"))
    messages = two_results()
    assert edit_result(messages) is None and messages == two_results()
    assert "没有这一条" in capsys.readouterr().out


def test_the_replacement_cannot_empty_a_result(monkeypatch, capsys):
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\nvue\n   \n"))
    messages = two_results()
    assert edit_result(messages) is None and messages == two_results()
    assert "不能是空的" in capsys.readouterr().out


@posix_only("用伪终端")
def test_a_mistyped_answer_at_the_pause_is_asked_again_not_taken_as_enter(project):
    """第 1 轮没有工具结果可改：打 e（或别的字）不是回车，再问一次；回车才继续。"""
    term = Terminal(None, "--demo", "--step", "-C", str(project), QUESTION)
    term.wait_for("q 回车停下这个问题", 1)
    term.type("e\n")
    term.wait_for("没有 'e' 这一项。")
    term.wait_for("q 回车停下这个问题", 2)
    assert "第 2 轮" not in term.out
    term.type("\n")
    for pause in (3, 4, 5):
        term.wait_for("q 回车停下这个问题", pause)
        term.type("\n")
    assert term.finish() == 0 and "[最终回复]" in term.out


def test_an_edited_result_of_a_call_that_did_not_run_still_did_not_run(monkeypatch, capsys):
    """没执行的命令，结果改了也还是没执行的：[统计] 和录音照样另数它。"""
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("没有执行\n执行了\n"))
    call = {"id": "c1", "type": "function", "function": {"name": "run_command", "arguments": "{}"}}
    messages = [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": NotRun("命令没有执行：用户拒绝了", "命令没有获准执行")},
    ]
    assert edit_result(messages) == "c1"
    result = messages[1]["content"]
    assert result == "命令执行了：用户拒绝了" and isinstance(result, NotRun) and result.reason == "命令没有获准执行"


# ── 编辑器开着时 agent 收到信号：编辑器跟着结束，临时文件（里面是工具结果）不留下 ─────────
def processes_with(mark: str) -> list:
    found = []
    for name in os.listdir("/proc") if os.path.isdir("/proc") else []:
        with contextlib.suppress(OSError):
            if name.isdigit() and mark.encode() in Path(f"/proc/{name}/cmdline").read_bytes():
                found.append(int(name))
    return found


SLOW_EDITOR = "import sys, time\ntime.sleep(60)\n"
STUBBORN_EDITOR = (  # 不理 SIGTERM，还自己启动了一个进程
    "import signal, subprocess, sys, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)', sys.argv[1]])\ntime.sleep(60)\n"
)


@posix_only("用伪终端、发信号，按 /proc 找编辑器进程", needs="/proc")
@pytest.mark.parametrize(  # 信号写名字：Windows 没有 SIGHUP，收集时不取
    "name, script", [("SIGTERM", SLOW_EDITOR), ("SIGHUP", SLOW_EDITOR), ("SIGTERM", STUBBORN_EDITOR)]
)
def test_a_signal_while_the_editor_is_open_ends_the_editor_and_removes_its_file(project, tmp_path, name, script):
    sig = getattr(signal, name)
    mark = f"editor-{os.getpid()}-{sig}-{len(script)}"
    editor = tmp_path / "slow_editor.py"
    editor.write_text(script, encoding="utf-8")
    temp = tmp_path / "tmp"
    temp.mkdir()
    editing = {"EDITOR": f"{sys.executable} {editor} {mark}", "TMPDIR": str(temp)}
    term = Terminal(None, "--demo", "--step", "-C", str(project), QUESTION, **editing)
    term.wait_for("q 回车停下这个问题", 1)
    term.type("\n")
    term.wait_for("q 回车停下这个问题", 2)  # 第 2 轮之前：有一条工具结果可以改
    term.type("e\n")
    wait_until(lambda: len(processes_with(mark)) == 1 + (script == STUBBORN_EDITOR), f"编辑器没有打开：\n{term.out}")
    term.proc.send_signal(sig)
    code = term.finish()
    assert code == 128 + sig, term.out
    assert f"[已退出] 收到 {signal.Signals(sig).name}：编辑器已关掉，临时文件已删除。" in term.out
    assert term.out.count("[已退出]") == 1 and "Traceback" not in term.out
    wait_until(lambda: not processes_with(mark), "编辑器还在")
    assert list(temp.iterdir()) == []
