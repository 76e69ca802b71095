"""遮住秘密的一条规矩（support/secrets.py）：屏幕、录音、网页用的都是它。"""

import json

from conftest import our_tool, run_main
from hypothesis import given
from hypothesis import strategies as st

from fakes.provider import call, text_reply, tool_reply
from support.secrets import KeyHider, masked, masked_line, masked_value, screen_masked, secrets_of

KEY = "sk-test-SECRET-0123456789abcdef"


def test_the_key_is_masked_plain_and_json_escaped():
    escaped = json.dumps(KEY).replace("s", "\\u0073")  # JSON 里 s 写成 \u0073：解码后还是 key
    assert masked(f"key={KEY}.", [KEY]) == "key=***."
    assert KEY not in json.loads(masked(escaped, [KEY]))
    assert masked("no secret here", [KEY]) == "no secret here"


def test_a_short_key_is_not_masked_so_ordinary_words_survive():
    assert masked("none of these words are secret", ["none"]) == "none of these words are secret"


def test_an_error_line_also_hides_bearer_values_and_url_passwords():
    assert masked_line("Authorization: Bearer abc.def-123") == "Authorization: Bearer ***"
    assert masked_line("连不上 http://user:pa55word@proxy.example:8080/v1") == "连不上 http://***@proxy.example:8080/v1"
    assert masked_line("https://api.example.com/v1 和 a@b.c") == "https://api.example.com/v1 和 a@b.c"


def test_other_text_keeps_its_bearer_words_and_addresses():
    """文件里、命令里写着的 Bearer …、别的地址是工具看到的原样：录音里照样留着，回放才对得上。"""
    text = "curl -H 'Authorization: Bearer abc123def456' https://user:tok@git.example.com/r.git"
    assert masked(text, [KEY]) == text


def test_the_secrets_of_a_run_are_the_key_and_the_base_urls_userinfo():
    secrets = secrets_of(KEY, "http://alice:hunter2-secret@127.0.0.1:9/v1")
    line = "proxy said: user alice:hunter2-secret, password hunter2-secret, key " + KEY
    assert "hunter2-secret" not in masked(line, secrets) and KEY not in masked(line, secrets)
    assert secrets_of(KEY, "https://api.openai.com/v1") == [KEY]


def test_recorded_values_are_masked_keys_included():
    event = {"text": f"echo {KEY}", KEY: [f"x{KEY}y", 3, None]}
    assert KEY not in json.dumps(masked_value(event, [KEY]))
    assert masked_value(event, [KEY])["***"][1:] == [3, None]


class Request:
    headers = {"authorization": f"Bearer {KEY}"}


@given(st.integers(min_value=1, max_value=len(KEY) * 2))
def test_a_key_split_between_two_pieces_of_a_reply_is_still_masked(cut):
    reply = f'{{"error": "bad key {KEY}"}}'.encode()
    hider = KeyHider(Request())
    seen = hider.hide(reply[:cut]) + hider.hide(reply[cut:]) + hider.hide(None)
    assert KEY.encode() not in seen and b"***" in seen


# ── 屏幕上看不到这次运行的 key：工具结果里读到的也一样 ──────────────────────
@our_tool("read_file")
def test_a_key_read_from_a_project_file_never_reaches_the_screen_but_reaches_the_model(tmp_path, provider):
    """项目里的文件写着 agent 自己的 key（config.js），另一个文件里 key 正好跨在屏幕预览切断的地方：[工具结果]、
    --show-messages、--step、最终回复里都是 ***；送给模型的结果原样不变（docs/tools.md）。"""
    work = tmp_path / "work"
    work.mkdir()
    (work / "config.js").write_text(f'const KEY = "{KEY}";\n', encoding="utf-8")
    (work / "long.txt").write_text("x" * 190 + KEY + "\n", encoding="utf-8")
    (work / "line.txt").write_text("A" * 1980 + KEY + "\n", encoding="utf-8")  # 一行太长：read_file 切在 key 中间
    reads = [call("read_file", {"path": name}, id=f"c{n}") for n, name in enumerate(["config.js", "long.txt"], 1)]
    reads.append(call("read_file", {"path": "line.txt"}, id="c3"))
    p = provider([tool_reply(*reads), text_reply(f"key 是 {KEY}")])
    out = run_main("--show-messages", "--step", "-C", str(work), "看看配置", p=p, OPENAI_API_KEY=KEY)
    assert out.returncode == 0, out.stderr
    screen = out.stdout + out.stderr
    pieces = {KEY[i : i + 12] for i in range(len(KEY) - 11)}  # 哪一截 12 个字符都不上屏幕
    assert not [piece for piece in pieces if piece in screen], screen
    assert '[工具结果] 1\tconst KEY = "***";' in screen and "key 是 ***" in screen
    assert screen.count("…（屏幕上只显示开头") >= 1
    results = [m["content"] for m in p.requests[1]["messages"] if m["role"] == "tool"]
    assert KEY in results[0] and KEY in results[1]  # 模型收到的不变


@given(st.data(), st.text("xyz 中\n…（）", max_size=20), st.text("xyz 中\n…（）", max_size=20))
def test_any_piece_of_the_key_left_by_a_cut_is_masked_on_the_screen(data, before, after):
    """预览、截断、折行切在 key 的哪里，露出来的每一截（至少 12 个字符）都换成 ***。"""
    start = data.draw(st.integers(0, len(KEY) - 12))
    end = data.draw(st.integers(start + 12, len(KEY)))
    assert screen_masked(before + KEY[start:end] + after, [KEY]) == before + "***" + after
    two = screen_masked(f"{before}{KEY[:15]}\n…（中间省略了 9 个字符）…\n{KEY[10:]}{after}", [KEY])
    assert two == f"{before}***\n…（中间省略了 9 个字符）…\n***{after}"
