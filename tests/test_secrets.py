"""遮住秘密的一条规矩（support/secrets.py）：屏幕、录音、网页用的都是它。"""

import json

from hypothesis import given
from hypothesis import strategies as st

from support.secrets import KeyHider, masked, masked_line, masked_value, secrets_of

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
