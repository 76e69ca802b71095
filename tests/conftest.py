import contextlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import openai
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_provider import FakeProvider  # noqa: E402

QUESTION = "帮我看看这个项目用了什么技术栈"  # 章节里的问题


@pytest.fixture
def project(tmp_path, monkeypatch):
    """章节里的示例项目（package.json、README.md、src/、tests/），作为工作目录。"""
    work = tmp_path / "my-project"
    shutil.copytree(ROOT / "examples" / "my-project", work)
    monkeypatch.chdir(work)
    return work


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """一个空的工作目录。"""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work


@pytest.fixture
def provider():
    """provider(script, rules=...)：启动一个本地假服务商，测试结束时关掉。"""
    with contextlib.ExitStack() as running:

        def start(script=(), **kwargs):
            return running.enter_context(FakeProvider(script, **kwargs))

        yield start


def client_for(p, **kwargs):
    return openai.OpenAI(base_url=p.url, api_key="test-key", max_retries=0, **kwargs)


def cli_env(p=None, **extra):
    """子进程的环境：只指向本地假服务商，不读任何真实 key。"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    if p:
        env["OPENAI_API_KEY"] = "test-key"
    env.update(
        MODEL="test-model",
        OPENAI_BASE_URL=p.url if p else "http://127.0.0.1:9/v1",
        OPENAI_MAX_RETRIES="0",
        PYTHONIOENCODING="utf-8",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def run_cli(*args, p=None, input=None, cwd=None, timeout=30, **env):
    return subprocess.run(
        [sys.executable, str(ROOT / "agent.py"), *args],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=cli_env(p, **env),
        timeout=timeout,
    )


def agent_copy(tmp_path):
    """程序的一份副本 tmp_path/app（agent.py、tools.py、support/）：旁边放 .env、改代码都不碰仓库。"""
    app = tmp_path / "app"
    app.mkdir()
    for name in ("agent.py", "tools.py"):
        shutil.copy(ROOT / name, app)
    shutil.copytree(ROOT / "support", app / "support", ignore=shutil.ignore_patterns("__pycache__"))
    return app


# ── 假服务商收到了什么 ────────────────────────────────────────
def sent(p, n):
    """假服务商收到的第 n 个请求（从 0 数，-1 是最后一个）里的 messages。"""
    return p.requests[n]["messages"]


def assistant_turns(messages):
    return [m for m in messages if m["role"] == "assistant"]


def tool_results(messages):
    """每条 role: "tool" 结果的内容，按顺序。"""
    return [m["content"] for m in messages if m["role"] == "tool"]


def arguments_in(messages):
    """每个 tool_call 的 arguments（送回去的字符串），按顺序。"""
    return [tc["function"]["arguments"] for m in messages for tc in m.get("tool_calls") or []]


# ── 子进程 ───────────────────────────────────────────────────
def wait_until(condition, message="等太久了", timeout=15):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, message
        time.sleep(0.02)


def alive(pid):
    """进程过了 10 秒还在跑（僵尸进程不算：它已经结束，只是还没被回收）。只用来断言进程已经结束。"""
    for _ in range(200):  # 机器忙的时候，收到 SIGKILL 到真正退出可能要一会儿
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        if os.path.exists(f"/proc/{pid}/stat"):
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return False
        time.sleep(0.05)
    return True
