"""命令行的细节：几个词连成一个问题、参数各报各的错、quit 不分大小写、一次性提问的 Ctrl-C、
OPENAI_BASE_URL 指向普通网站。"""

import io
import signal
import subprocess
import sys
import threading
from http.server import (
    BaseHTTPRequestHandler,
    SimpleHTTPRequestHandler,
    ThreadingHTTPServer,
)

import pytest
import spawn
from conftest import AGENT, ROUNDS, cli_env, client_for, default_sigint, posix_only, run_main, wait_until

import agent
import tools
from fakes.provider import text_reply
from support import cli
from support.options import Options


def parse_args(argv):
    return cli.parse_args(argv, agent.MAX_ROUNDS, tools.COMMAND_TIMEOUT)


def test_several_words_without_quotes_are_one_question(project):
    result = run_main("--demo", "帮我", "看看", "这个项目用了什么技术栈", input="")
    assert result.returncode == 0, result.stderr
    assert "React 18.2" in result.stdout


def test_words_around_options_are_joined_in_order():
    args = parse_args(["这个", "--max-rounds", "2", "项目", "-y", "呢"])
    assert args.question == "这个 项目 呢" and args.max_rounds == 2 and args.yes
    assert parse_args([]).question == ""  # 没有问题：交互模式


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--max-rounds", "0", "看看"], "--max-rounds 至少是 1"),
        (["--command-timeout", "0", "看看"], "--command-timeout 要是大于 0 的有限秒数"),
    ],
)
def test_each_bad_option_gets_only_its_own_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(f"error: {message}")


@pytest.mark.parametrize("word", ["quit", "Quit", "EXIT", "Exit"])
def test_quit_and_exit_in_any_case_leave_the_repl(project, provider, word, monkeypatch):
    p = provider([text_reply("不该问到这里")])
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{word}\n还有问题吗\n"))
    session = cli.Session(client_for(p), "test-model", Options(), agent.MAX_ROUNDS)
    assert agent.repl(session) == 0
    assert p.requests == []


@posix_only("发 SIGINT：Windows 的 send_signal 只认 SIGTERM 和 CTRL_*")
def test_ctrl_c_in_one_shot_says_the_program_ends(project, provider):
    p = provider([{"sleep": 5, "then": text_reply("太迟了")}])
    proc = spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "看看"],
        env=cli_env(p),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        preexec_fn=default_sigint,  # pytest 从后台启动时也能按 Ctrl-C
    )
    wait_until(lambda: p.requests)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=15)
    assert proc.returncode == 130
    assert "[已中断] 问题没有答完，程序结束。" in out
    assert "接着问" not in out and "Traceback" not in err


class MethodNotAllowed(BaseHTTPRequestHandler):
    def do_POST(self):
        self.send_response(405)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


class QuietFiles(SimpleHTTPRequestHandler):  # 没有 do_POST：回 501
    def log_message(self, *args):
        pass


@pytest.mark.parametrize("handler,status", [(QuietFiles, 501), (MethodNotAllowed, 405)])
def test_base_url_of_a_plain_web_server_names_openai_base_url(project, handler, status):
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True).start()  # 关的时候不用等 0.5 秒
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        result = run_main("看看", OPENAI_API_KEY="test-key", OPENAI_BASE_URL=url)
    finally:
        server.shutdown()
        server.server_close()
    assert result.returncode == 1
    line = result.stderr.strip()
    assert f"不接受 POST 请求（{status}）" in line and "请检查 OPENAI_BASE_URL" in line
    assert "服务商出错" not in line and "Traceback" not in result.stderr
    assert "<" not in line  # 错误页的 HTML 只留文字


def test_connection_errors_give_the_reason_not_a_provider_quote(project):
    result = run_main("看看", OPENAI_API_KEY="test-key")  # conftest 里的地址 127.0.0.1:9 没有服务
    assert result.returncode == 1
    assert "原因：" in result.stderr and "服务商说" not in result.stderr


def app_with_env_file(tmp_path, text):
    """agent.py 旁边（run_main 的 app 目录）放一个 .env，问一个问题，返回运行结果。
    在本进程里跑：启动时的配置错误用不着真的进程；环境里没有 OPENAI_*、MODEL，设置只从这个 .env 来。"""
    app = tmp_path / "app"
    app.mkdir()
    (app / ".env").write_text(text, encoding="utf-8")
    unset = [k for k in cli_env() if k.startswith("OPENAI_") or k == "MODEL"]
    return run_main("看看", cwd=tmp_path, app=app, unset=unset)


@pytest.mark.parametrize(
    "env_file,says",
    [
        ("OPENAI_API_KEY=sk-your-key-here\nMODEL=m\n", "OPENAI_API_KEY 还是 .env.example 里的示例值"),
        ("OPENAI_API_KEY=\nMODEL=m\n", "OPENAI_API_KEY 是空的"),
        ("OPENAI_API_KEY=k\nMODEL=m\nOPENAI_TIMEOUT=nan\n", "OPENAI_TIMEOUT 要是 0 到 86400 之间的秒数"),
        ("OPENAI_API_KEY=k\nMODEL=m\nOPENAI_TIMEOUT=-1\n", "OPENAI_TIMEOUT 要是 0 到 86400 之间的秒数"),
        ("OPENAI_API_KEY=k\nMODEL=m\nOPENAI_TIMEOUT=1e10\n", "OPENAI_TIMEOUT 要是 0 到 86400 之间的秒数"),
        (
            "OPENAI_API_KEY=k\nMODEL=m\nOPENAI_BASE_URL=http://localhost:8O00/v1\n",
            "OPENAI_BASE_URL=http://localhost:8O00/v1 不是有效的地址",
        ),
        ("OPENAI_API_KEY=k\nMODEL=m\nOPENAI_MAX_RETRIES=-1\n", "OPENAI_MAX_RETRIES 要是不小于 0 的整数"),
        *(
            (f"OPENAI_API_KEY=k\nMODEL=m\nOPENAI_BASE_URL={url}\n", f"OPENAI_BASE_URL={url} 不是有效的地址")
            for url in (
                "https://api..deepseek.com/v1",  # 空的一段：idna 编码不了
                f"https://{'a' * 64}.com/v1",  # 一段超过 63 个字符
                "http://[::1/v1",
                "http://[zz]/v1",
                "http://h:99999999/v1",
                "ftp://host/v1",
                "host/v1",  # 没写 http://
                "http:///v1",
            )
        ),
        (  # 有人把 key 写进了地址：这一行里也遮住
            "OPENAI_API_KEY=sk-test1234567890\nMODEL=m\nOPENAI_BASE_URL=http://[::1]x/sk-test1234567890/v1\n",
            "OPENAI_BASE_URL=http://[::1]x/***/v1 不是有效的地址",
        ),
    ],
)
def test_settings_that_cannot_work_stop_before_any_request(tmp_path, env_file, says):
    result = app_with_env_file(tmp_path, env_file)
    assert result.returncode == 2
    assert says in result.stderr and "Traceback" not in result.stderr
    assert "cp .env.example" not in result.stderr  # .env 已经有了，不要再让人去复制


@pytest.mark.parametrize(
    "url",
    [
        "https://api.example.com/v1?api-key=SECRET-TOKEN-42",
        "https://api.example.com/v1#key=SECRET-TOKEN-42",
        "https://api.example.com/v1/?SECRET-TOKEN-42",
        "http://[zz]/v1?token=SECRET-TOKEN-42",  # 地址本身也不对：那一行里也不显示
        "https://api.example.com/v1?",  # 只有一个问号：SDK 照样把路径接在它后面
    ],
)
def test_a_base_url_with_a_query_or_fragment_is_a_configuration_error_that_never_shows_it(tmp_path, url):
    result = app_with_env_file(tmp_path, f"OPENAI_API_KEY=sk-test1234567890\nMODEL=m\nOPENAI_BASE_URL={url}\n")
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "SECRET-TOKEN-42" not in result.stderr + result.stdout and "OPENAI_BASE_URL=" in result.stderr
    assert "Traceback" not in result.stderr


@posix_only("写满 /dev/full", needs="/dev/full")
def test_a_full_disk_under_show_messages_is_one_line_not_a_traceback(project):
    with open("/dev/full", "w", encoding="utf-8") as full:
        r = spawn.run(
            [
                sys.executable,
                str(AGENT),
                "--max-rounds",
                str(ROUNDS),
                "--demo",
                "--show-messages",
                "这个项目是做什么的？",
            ],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=cli_env(),
            timeout=60,
        )
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and "磁盘满了" in r.stderr
