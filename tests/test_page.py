"""--page 做的网页：每一轮一节、调用和结果配得上、什么外部资源也不引用、录音里的文字都转义了、怪录音不崩。

录音是真的跑 agent.py --demo --record 得到的（子进程）；怪的录音（坏回复、出错、Ctrl-C、写到一半）手写。
网页用标准库的 html.parser 解析后检查，不开浏览器（浏览器里的样子见 test_page_browser.py）。
"""

import json
import os
import shutil
from html.parser import HTMLParser

import pytest
from conftest import QUESTION, ROOT, posix_only, run_cli

from support.recording.page import page_html, write_page
from support.recording.read import read_recording, requests

INVENTORY = "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？"
SCRIPT = "<script>alert(1)</script>"


class Page(HTMLParser):
    """网页里的每个标签和它的属性（已经反转义）、<style> 的内容、其余的文字。"""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.tags, self.style, self.words, self.in_style = [], "", [], False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.style += data
        else:
            self.words.append(data)

    def values(self, name):
        return [attrs[name] for _, attrs in self.tags if name in attrs]


def record(tmp_path, workdir, question, name="run.jsonl"):
    """真的跑一次离线演示并录下来，返回录音的路径。"""
    path = tmp_path / name
    result = run_cli("--demo", "--record", str(path), "-C", str(workdir), question, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return path


def reply_call_ids(exchange):
    outcome = exchange["outcome"] or {}
    try:
        return [tc["id"] for tc in outcome["reply"]["choices"][0]["message"].get("tool_calls") or []]
    except (KeyError, TypeError, IndexError):
        return []


def check_page(text, events):
    """对任何录音都成立的：结构标记齐全，不引用任何外部资源，能离线打开。"""
    page = Page(text)
    tags = [tag for tag, _ in page.tags]
    assert text.startswith("<!DOCTYPE html>") and ("html", {"lang": "zh-CN"}) in page.tags
    assert ("meta", {"charset": "utf-8"}) in page.tags and "viewport" in page.values("name")
    assert "script" not in tags and "link" not in tags and "iframe" not in tags
    assert page.values("src") == [] and all(href.startswith("#") for href in page.values("href"))
    assert "url(" not in page.style.lower() and "@import" not in page.style and "@media" in page.style
    ids, calls, results = page.values("id"), page.values("data-call-id"), page.values("data-result-for")
    assert len(ids) == len(set(ids))
    for exchange in requests(events):
        request = exchange["request"]
        assert f"q{request['question']}-r{request['round']}" in ids
        for call_id in reply_call_ids(exchange):
            assert call_id in calls and call_id in results
    return page


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return record(tmp_path_factory.mktemp("demo"), ROOT / "examples" / "my-project", QUESTION)


def test_demo_page(demo, capsys):
    assert write_page(str(demo)) == 0
    html_path = demo.with_suffix(".html")
    assert capsys.readouterr().out == (
        f"[网页] 写好了 {html_path}：1 个问题，4 次模型调用，3 次工具执行。用浏览器打开它。\n"
    )
    text = html_path.read_text(encoding="utf-8")
    page = check_page(text, read_recording(str(demo)))
    assert page.values("id")[:4] == ["q1-r1", "q1-r2", "q1-r3", "q1-r4"]
    assert page.values("data-call-id") == ["call_demo_1", "call_demo_2", "call_demo_3"]
    words = "".join(page.words)
    assert f"问题 1：{QUESTION}" in words and "4 次模型调用" in words and "3 次工具执行" in words
    assert "输入 tokens（服务商报告）" in words and "请求字节" in words and "没有报告 token 用量" in words
    assert "前面 6 条（上一次请求已经送过）" in words and "到这里：模型调用 4 次，工具执行 3 次。" in words
    assert text.count("&quot;jest&quot;: &quot;^29.7.0&quot;") == 2  # 结果、下一轮新增的 tool 消息；之后只留开头
    added = [attrs["class"] for tag, attrs in page.tags if "added" in attrs.get("class", "").split()]
    assert sum("assistant-call" in c for c in added) == 3 + 1  # 三轮各新增一条，图例一条
    assert sum("tool-result" in c for c in added) == 3 + 1


def test_inventory_page(tmp_path):
    path = record(tmp_path, ROOT / "examples" / "inventory", INVENTORY)
    text = page_html(read_recording(str(path)), "库存")
    words = "".join(check_page(text, read_recording(str(path))).words)
    assert INVENTORY in words and "2 次模型调用" in words and "1 次工具执行" in words
    assert "stock/红笔.json" in words and "一共 3 × 12 = 36 元" in words


def test_file_contents_are_escaped(tmp_path):
    """工具读到的文件里有 <script>、引号、ESC：网页里是文字，不是标签，也不会把属性截断。"""
    work = tmp_path / "evil"
    shutil.copytree(ROOT / "examples" / "my-project", work)
    (work / "README.md").write_text(f"# Evil {SCRIPT}\n\"quotes\" & 'apos' \x1b[31mred\n", encoding="utf-8")
    events = read_recording(str(record(tmp_path, work, QUESTION)))
    text = page_html(events, f"标题 {SCRIPT}")
    page = check_page(text, events)
    assert SCRIPT not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "\x1b" not in text
    assert f"# Evil {SCRIPT}" in "".join(page.words) and "\\x1b[31mred" in "".join(page.words)


def session(**more):
    return {"event": "session", "version": 1, "model": "m<1>", "host": "h", "tools": [], "max_rounds": 10, **more}


def asked(q, text, keep=0):
    new = [{"role": "system", "content": "s"}, {"role": "user", "content": text}]
    return {"event": "request", "question": q, "round": 1, "keep": keep, "new": new}


def calling(q, call_id, **more):
    call = {"id": call_id, "type": "function", "function": {"name": "read_file", "arguments": '{"path": "a"}'}}
    message = {"role": "assistant", "content": None, "tool_calls": [call]}
    return {
        "event": "reply",
        "question": q,
        "round": 1,
        "seconds": 0.1,
        "reply": {"choices": [{"message": message}]},
        **more,
    }


def test_odd_recordings_do_not_crash(tmp_path, capsys):
    """坏回复（字符串、没有 choices）、出错、Ctrl-C、接着录、没执行的调用、引号做 id、最后一行写到一半。"""
    odd_id = 'call"><b>1'
    events = [
        session(),
        asked(1, "字符串回复"),
        {"event": "reply", "question": 1, "round": 1, "seconds": 1, "reply": "<html>502 Bad Gateway</html>"},
        asked(2, "缺字段"),
        {"event": "reply", "question": 2, "round": 1, "seconds": 1, "reply": {"error": {"message": "x"}}},
        asked(3, "出错"),
        {"event": "error", "question": 3, "round": 1, "seconds": 2, "text": "[错误] 连不上 <服务商>"},
        session(resumed=True),
        asked(4, "按了 Ctrl-C"),
        {"event": "interrupted", "question": 4, "round": 1, "seconds": 3},
        asked(5, "怪 id"),
        calling(5, odd_id, usage={"prompt": 120, "completion": 7}),
        {"event": "tool", "question": 5, "round": 1, "id": odd_id, "name": "read_file", "arguments": "{}",
         "result": SCRIPT, "ran": False, "not_run": "参数不对", "seconds": 0},
        asked(6, "没等到回复"),
    ]  # fmt: skip
    path = tmp_path / "odd.jsonl"
    lines = [json.dumps(e, ensure_ascii=False) for e in events]
    path.write_text("\n".join(lines) + '\n{"event": "reply", "quest', encoding="utf-8")  # 最后一行写到一半
    assert write_page(str(path)) == 0
    assert "：6 个问题，3 次模型调用，0 次工具执行。" in capsys.readouterr().out  # 出错、中断、没等到回复的不算
    text = path.with_suffix(".html").read_text(encoding="utf-8")
    page = check_page(text, read_recording(str(path)))
    words = "".join(page.words)
    assert page.values("data-call-id") == [odd_id] and page.values("data-result-for") == [odd_id]
    assert "<html>502 Bad Gateway</html>" in words and "这个回复不能用（没有 choices）" in words
    assert "[错误] 连不上 <服务商>" in words and "录制时在这里按了 Ctrl-C" in words
    assert "回复没到录音就结束了" in words and "接着录的（--resume）" in words and "没有执行：参数不对" in words
    assert "输入 120 tokens" in words and "另有 1 次调用没有执行" in words and SCRIPT not in text


@pytest.mark.parametrize("figure", ["12", None, [1], {"n": 1}, True, -5, 1.5, 10**400])
def test_recorded_figures_of_any_type_are_unknown_not_a_traceback(tmp_path, capsys, figure):
    """录音里的数字也是输入：token 用量不是不小于 0 的整数，就当作不知道，网页照样做出来。"""
    reply = {"choices": [{"message": {"role": "assistant", "content": "好"}}]}
    answer = {"event": "reply", "question": 1, "round": 1, "seconds": figure, "reply": reply}
    answer["usage"] = {"prompt": figure, "completion": 3}
    path = tmp_path / "odd.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in (session(), asked(1, "q"), answer)), encoding="utf-8")
    assert write_page(str(path)) == 0
    text = path.with_suffix(".html").read_text(encoding="utf-8")
    assert "[统计] 模型调用 1 次，工具执行 0 次，messages 共 3 条" in text and "Traceback" not in text
    assert "等了 ? 秒" in text or "等了 1.5 秒" in text  # 秒数也是：不是数就不知道


def test_cannot_write_page(tmp_path, capsys):
    """网页写不进去（目录写不了）、同名的已经有了（不覆盖）、录音本身就叫 .html：一句话，退出码 2。"""
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(session()) + "\n" + json.dumps(asked(1, "q")) + "\n", encoding="utf-8")
    (tmp_path / "run.html").mkdir()
    with pytest.raises(SystemExit) as stopped:
        write_page(str(path))
    assert stopped.value.code == 2 and "已经有了，不覆盖" in capsys.readouterr().err
    (tmp_path / "run.html").rmdir()
    if os.name != "nt" and os.geteuid() != 0:  # root 什么目录都写得进去；Windows 的 chmod 只管只读，挡不住写
        tmp_path.chmod(0o500)
        try:
            with pytest.raises(SystemExit) as stopped:
                write_page(str(path))
        finally:
            tmp_path.chmod(0o700)
        assert stopped.value.code == 2 and "没法写网页" in capsys.readouterr().err
    shutil.copy(path, tmp_path / "self.html")
    with pytest.raises(SystemExit) as stopped:
        write_page(str(tmp_path / "self.html"))
    assert stopped.value.code == 2 and "录音文件本身" in capsys.readouterr().err


@posix_only("Windows 上 SIGTERM 就是 TerminateProcess：程序来不及收尾")
def test_sigterm_while_the_page_is_written_leaves_no_half_written_file(tmp_path):
    """写网页写到一半收到 SIGTERM（关机、kill）：说一句，退出码 143，写了一半的 .page-*.html 删掉。"""
    import signal
    import subprocess
    import sys
    import time

    import spawn
    from conftest import AGENT, cli_env
    from test_record import many_tiny_requests

    recording = tmp_path / "many.jsonl"
    many_tiny_requests(recording, requests=20_000)
    proc = spawn.Popen(
        [sys.executable, str(AGENT), "--page", str(recording)], env=cli_env(None), cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".page-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    if proc.returncode == 0:
        pytest.skip("网页在信号到之前就写完了")
    assert proc.returncode == 143 and "[已退出] 收到 SIGTERM：网页没有写完" in err and "Traceback" not in err
    assert list(tmp_path.glob(".page-*")) == [] and not (tmp_path / "many.html").exists()


@posix_only("信号")
def test_a_signal_while_the_temp_file_is_being_made_still_removes_it(tmp_path, monkeypatch):
    """临时文件建好了、名字还没交回来时收到 SIGTERM：等名字记下了再处理，不留下 .page-*.html。进程里还有一个
    没挡住信号的线程时也一样（信号落到它身上，Python 仍在主线程里处理）。"""
    import signal
    import tempfile
    import threading

    from test_record import many_tiny_requests

    from support.signals import end_on_signal

    recording = tmp_path / "few.jsonl"
    many_tiny_requests(recording, requests=3)
    real = tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        made = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGTERM)  # 文件已经在了，名字还没交回去
        return made

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    previous = signal.signal(signal.SIGTERM, end_on_signal)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})  # 别的测试可能让这个进程挡着它
    done = threading.Event()
    other = threading.Thread(target=done.wait, daemon=True)
    other.start()  # 它没挡住 SIGTERM
    try:
        with pytest.raises(SystemExit) as ended:
            write_page(str(recording))
    finally:
        done.set()
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        signal.signal(signal.SIGTERM, previous)
    assert ended.value.code == 143 and list(tmp_path.glob(".page-*")) == [] and not (tmp_path / "few.html").exists()
