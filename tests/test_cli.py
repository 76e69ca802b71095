"""命令行：一次性提问、交互模式、配置错误。多数在本进程里跑 main()（run_main）；
Ctrl-C、一直开着的 stdin、agent.py 旁边的 .env 要看真的进程，以子进程运行。"""

import signal
import subprocess
import sys
import threading

import spawn
from conftest import (
    AGENT,
    ROUNDS,
    agent_copy,
    alive,
    cli_env,
    default_sigint,
    posix_only,
    run_main,
    sent,
    tool_results,
    wait_until,
)

import agent
from fakes.provider import call, text_reply, tool_reply


def test_one_shot_answers_and_exits_0(project, provider):
    p = provider([tool_reply(call("list_files", {})), text_reply("这是一个 React 项目")], rules=["strict"])
    result = run_main("这个项目用了什么？", p=p)
    assert result.returncode == 0, result.stderr
    assert "第 1 轮" in result.stdout and "[调用工具] list_files({})" in result.stdout
    assert "[最终回复]\n这是一个 React 项目" in result.stdout
    assert "模型调用 2 次，工具执行 1 次" in result.stdout
    assert p.requests[0]["model"] == "test-model"


def test_one_shot_round_limit_exits_1(project, provider):
    p = provider([tool_reply(call("list_files", {}, id=f"c{i}")) for i in range(5)])
    result = run_main("看看", "--max-rounds", "2", p=p)
    assert result.returncode == 1
    assert "[警告] 达到最大轮次 2，停止执行。" in result.stdout
    assert len(p.requests) == 2


def test_workdir_option_confines_tools_to_that_directory(project, provider, tmp_path):
    p = provider([tool_reply(call("read_file", {"path": "package.json"})), text_reply("好")])
    result = run_main("看看", "-C", str(project), p=p, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"react"' in tool_results(sent(p, 1))[-1]


def test_repl_keeps_history_between_questions_and_reset_starts_over(project, provider):
    p = provider([text_reply("回答一"), text_reply("回答二"), text_reply("回答三")])
    result = run_main(p=p, input="问题一\n问题二\n/reset\n问题三\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "你：问题一" in result.stdout and "回答三" in result.stdout
    assert "[已重置]" in result.stdout
    assert [m["content"] for m in sent(p, 1)[1:]] == ["问题一", "回答一", "问题二"]
    assert [m["role"] for m in sent(p, 2)] == ["system", "user"]


def test_repl_leaves_cleanly_on_end_of_input(project, provider):
    result = run_main(p=provider(), input="")
    assert result.returncode == 0 and "Traceback" not in result.stderr


def test_missing_key_exits_2_and_says_what_to_do(project):
    result = run_main("看看")
    assert result.returncode == 2
    assert "OPENAI_API_KEY" in result.stderr and "cp .env.example .env" in result.stderr
    assert "--demo" in result.stderr and "Traceback" not in result.stderr


def test_settings_come_from_env_file_and_real_environment_wins(provider, tmp_path):
    app = agent_copy(tmp_path)  # 免得读到开发者自己放在仓库里的 .env
    p = provider([text_reply("好")])
    (app / ".env").write_text(
        f"OPENAI_API_KEY=from-dotenv\nOPENAI_BASE_URL={p.url}\nMODEL=dotenv-model\n", encoding="utf-8"
    )
    (tmp_path / ".env").write_text("MODEL=cwd-model\nOPENAI_TIMEOUT=30\n", encoding="utf-8")
    settings = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "MODEL")

    def run_app(*args, **extra):  # 本进程里跑，agent.py 在 app 里：读配置用不着真的进程
        return run_main(*args, cwd=tmp_path, app=app, unset=[k for k in settings if k not in extra], **extra)

    result = run_app("看看")
    assert result.returncode == 0, result.stderr
    assert "[最终回复]\n好" in result.stdout
    assert p.requests[0]["model"] == "dotenv-model"  # agent.py 旁边的 .env 先读
    assert run_app("看看", OPENAI_API_KEY="").returncode == 2  # 环境变量优先，哪怕是空的


def test_help_explains_settings_and_exit_codes():
    result = run_main("-h")
    assert result.returncode == 0
    for word in ["OPENAI_API_KEY", "OPENAI_BASE_URL", "MODEL", "--max-rounds", "--yes", "/reset", "退出码"]:
        assert word in result.stdout


def test_bad_usage_exits_2(project):
    assert run_main("--max-rounds", "0", "看看").returncode == 2
    assert run_main("--no-such-flag").returncode == 2


def test_command_that_reads_stdin_fails_fast_instead_of_hanging(project, provider):
    p = provider([tool_reply(call("run_command", {"command": f'"{sys.executable}" -c "input()"'})), text_reply("好")])
    proc = spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "--yes", "跑一下"],
        env=cli_env(p),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
    )
    try:
        proc.wait(timeout=15)  # agent 的 stdin 一直开着：命令若继承了它，就会一直等下去
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert "EOFError" in tool_results(sent(p, 1))[-1]


def test_command_timeout_option_applies_to_run_command(project, provider):
    slow = f'"{sys.executable}" -c "import time; time.sleep(20)"'
    p = provider([tool_reply(call("run_command", {"command": slow})), text_reply("好")])
    result = run_main("--yes", "--command-timeout", "0.5", "跑一下", p=p)
    assert result.returncode == 0, result.stderr
    assert "超过 0.5 秒，命令已被终止" in tool_results(sent(p, 1))[-1]


# ── Ctrl-C：在真实进程里发 SIGINT ──────────────────────────────
class Repl:
    """后台跑一个交互模式的 agent，边读它的输出边往它的输入里写问题。"""

    def __init__(self, p, *args, cwd=None):
        self.proc = spawn.Popen(
            [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            env=cli_env(p),
            cwd=cwd,
            preexec_fn=default_sigint,  # pytest 从后台启动时也能按 Ctrl-C
        )
        self.out = ""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for chunk in iter(lambda: self.proc.stdout.read(1), ""):
            self.out += chunk

    def wait_for(self, text):
        wait_until(lambda: text in self.out, f"没等到 {text!r}，输出：\n{self.out}")

    def ask(self, question):
        self.proc.stdin.write(question + "\n")
        self.proc.stdin.flush()

    def interrupt_then_ask(self, question, expected_answer):
        """按 Ctrl-C，等回到提示符，再问下一个问题，等到它的回答。"""
        self.proc.send_signal(signal.SIGINT)
        self.wait_for("[已中断]")
        self.ask(question)
        self.wait_for(expected_answer)

    def finish(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=15)


@posix_only("发 SIGINT：Windows 的 send_signal 只认 SIGTERM 和 CTRL_*")
def test_ctrl_c_while_waiting_for_the_model_returns_to_the_prompt(project, provider):
    p = provider([{"sleep": 5, "then": text_reply("太迟了")}, text_reply("第二个问题的回答")], rules=["strict"])
    repl = Repl(p)
    repl.ask("问题一")
    wait_until(lambda: p.requests)
    repl.interrupt_then_ask("问题二", "第二个问题的回答")
    assert repl.finish() == 0
    assert "Traceback" not in repl.out
    assert p.rejected == []
    # 没答完的问题留在历史里，后面补一条说明，user / assistant 仍然交替
    assert [m["content"] for m in sent(p, 1)[1:]] == ["问题一", agent.UNANSWERED, "问题二"]


@posix_only("发 SIGINT：Windows 的 send_signal 只认 SIGTERM 和 CTRL_*")
def test_ctrl_c_while_a_command_runs_kills_it_and_the_next_question_works(project, provider):
    pid_file = project / "sleep.pid"
    p = provider(
        [
            tool_reply(
                call("run_command", {"command": f"sleep 30 & echo $! > {pid_file}; wait"}, id="c1"),
                call("list_files", {}, id="c2"),
            ),
            text_reply("好的"),
        ],
        rules=["strict"],
    )
    repl = Repl(p, "--yes")
    repl.ask("跑个命令")
    wait_until(lambda: pid_file.exists() and pid_file.read_text(encoding="utf-8").strip())
    repl.interrupt_then_ask("继续", "好的")
    assert repl.finish() == 0
    assert "Traceback" not in repl.out
    assert not alive(int(pid_file.read_text(encoding="utf-8")))
    assert p.rejected == []
    messages = sent(p, 1)
    assert [(m["role"], m.get("tool_call_id")) for m in messages[2:]] == [
        ("assistant", None),
        ("tool", "c1"),
        ("tool", "c2"),
        ("assistant", None),
        ("user", None),
    ]
    assert all(result == agent.INTERRUPTED for result in tool_results(messages))
    assert "[修复]" in repl.out


@posix_only("发 SIGINT：Windows 的 send_signal 只认 SIGTERM 和 CTRL_*")
def test_ctrl_c_at_the_prompt_leaves_with_exit_code_0(project, provider):
    repl = Repl(provider())
    repl.wait_for("你：")
    repl.proc.send_signal(signal.SIGINT)
    assert repl.proc.wait(timeout=15) == 0
    assert "Traceback" not in repl.out


@posix_only("发 SIGINT：Windows 的 send_signal 只认 SIGTERM 和 CTRL_*")
def test_ctrl_c_in_one_shot_exits_130_without_traceback(project, provider):
    p = provider([{"sleep": 5, "then": text_reply("太迟了")}])
    proc = spawn.Popen(
        [sys.executable, str(AGENT), "--max-rounds", str(ROUNDS), "看看"],
        env=cli_env(p),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        preexec_fn=default_sigint,
    )
    wait_until(lambda: p.requests)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=15)
    assert proc.returncode == 130
    assert "[已中断]" in out and "Traceback" not in err
