def test_smoke():
    from scorekeeper.thunee import Setup
    assert Setup.create(players=["a", "b", "c", "d"]).seats == 4
