import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import openai
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import tools  # noqa: E402
from fake_provider import FakeProvider  # noqa: E402


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


@pytest.fixture(autouse=True)
def no_auto_approve(monkeypatch):
    monkeypatch.setattr(tools, "AUTO_APPROVE", False)


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
    env.update(MODEL="test-model",
               OPENAI_BASE_URL=p.url if p else "http://127.0.0.1:9/v1",
               OPENAI_MAX_RETRIES="0", PYTHONIOENCODING="utf-8", PYTHONUNBUFFERED="1")
    env.update(extra)
    return env


def run_cli(*args, p=None, input=None, cwd=None, timeout=30, **env):
    return subprocess.run([sys.executable, str(ROOT / "agent.py"), *args], input=input,
                          capture_output=True, text=True, encoding="utf-8", cwd=cwd,
                          env=cli_env(p, **env), timeout=timeout)
