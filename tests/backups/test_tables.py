"""A backup keeps every column people made: a model or column added later must be placed."""

from django.apps import apps
from django.contrib.auth import get_user_model

from scorekeeper.backups.tables import LEFT_OUT, tables

OWN_APPS = ("games", "groups", "seasons")


def test_every_model_of_the_app_is_backed_up_or_said_to_be_derived():
    kept = {t.model._meta.label for t in tables()}
    own = {m._meta.label for app in OWN_APPS for m in apps.get_app_config(app).get_models()}
    assert own - kept == set(LEFT_OUT)
    assert get_user_model()._meta.label in kept


def test_every_column_of_a_backed_up_model_is_in_the_backup():
    for table in tables():
        columns = {f.name for f in table.model._meta.concrete_fields}
        assert set(table.fields) == columns, table.name


def test_parents_come_before_the_rows_that_refer_to_them():
    seen: set[type] = set()
    for table in tables():
        for field in table.model_fields():
            if field.is_relation and field.related_model is not table.model:
                assert field.related_model in seen, f"{table.name}.{field.name}"
        seen.add(table.model)
