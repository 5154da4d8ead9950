"""Bad input raises HanoilabError (a ValueError) with the library's one-line message, the
same line the command line prints."""

import pytest

import hanoilab


def test_error_is_a_value_error():
    assert issubclass(hanoilab.HanoilabError, ValueError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: hanoilab.count("no-such-variant", 3),
        lambda: hanoilab.count("rainbow.XYZ", 3),
        lambda: hanoilab.count("many-pin", 3, {"q": 1}),
        lambda: hanoilab.count("many-pin", 3, {"p": 1}),
        lambda: hanoilab.count("classic", -1),
        lambda: hanoilab.count("classic", 2.5),
        lambda: hanoilab.count("classic", 2**70),
        lambda: hanoilab.count("many-pin", 3, {"p": 2**70}),
        lambda: hanoilab.count("many-pin", 3, {"p": "six"}),
        lambda: hanoilab.count("classic", 10**7, max_digits=1000),
        lambda: hanoilab.table("classic", (5, 2)),
        lambda: hanoilab.table("classic", range(1, 10, 2)),
        lambda: hanoilab.table("classic", "1-5"),
        lambda: hanoilab.growth("reves"),
        lambda: hanoilab.search("classic", 40),
        lambda: hanoilab.claims("no-such-document"),
        lambda: hanoilab.check("classic", "2^n - ", (1, 5)),
        lambda: hanoilab.Plot("empty", "x", "y").to_svg(),
        lambda: hanoilab.cli_help("no-such-command"),
    ],
)
def test_bad_input_raises_with_a_message(call):
    with pytest.raises(hanoilab.HanoilabError) as e:
        call()
    message = str(e.value)
    assert message and "\n" not in message.strip()
    assert "panicked" not in message


@pytest.mark.parametrize(
    "args,call",
    [
        (["nth", "no-such-variant", "3"], lambda: hanoilab.count("no-such-variant", 3)),
        (["nth", "rainbow.XYZ", "3"], lambda: hanoilab.count("rainbow.XYZ", 3)),
        (["nth", "many-pin", "3", "--param", "q=1"], lambda: hanoilab.count("many-pin", 3, {"q": 1})),
        (
            ["nth", "classic", "10000000", "--max-digits", "1000"],
            lambda: hanoilab.count("classic", 10**7, max_digits=1000),
        ),
    ],
)
def test_the_message_is_the_command_lines(cli, args, call):
    run = cli(*args)
    assert run.returncode == 2
    with pytest.raises(hanoilab.HanoilabError) as e:
        call()
    assert str(e.value) in run.stderr
