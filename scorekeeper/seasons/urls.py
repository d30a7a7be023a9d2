from django.urls import path, register_converter

from . import views


class ScopeConverter:
    """A season's id, or "all-time"."""

    regex = r"all-time|[0-9]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value) -> str:
        return str(value)


register_converter(ScopeConverter, "scope")

app_name = "seasons"
urlpatterns = [
    path("", views.index, name="index"),
    path("<int:group_id>/new/", views.season_new, name="new"),
    path("<int:group_id>/import/", views.season_import, name="import"),
    path("<int:group_id>/games/<int:game_id>/friendly/", views.game_friendly, name="friendly"),
    path("<int:group_id>/<int:season_id>/edit/", views.season_edit, name="edit"),
    path("<int:group_id>/<int:season_id>/season.json", views.season_json, name="json"),
    path("<int:group_id>/<scope:scope>/", views.scope_standings, name="standings"),
    path(
        "<int:group_id>/<scope:scope>/partnerships/",
        views.scope_partnerships,
        name="partnerships",
    ),
    path(
        "<int:group_id>/<scope:scope>/head-to-head/",
        views.scope_head_to_head,
        name="head_to_head",
    ),
    path("<int:group_id>/<scope:scope>/games/", views.scope_games, name="games"),
    path(
        "<int:group_id>/<scope:scope>/players/<int:player_id>/",
        views.scope_player,
        name="player",
    ),
    path("<int:group_id>/<scope:scope>/standings.csv", views.standings_csv, name="standings_csv"),
    path("<int:group_id>/<scope:scope>/games.csv", views.games_csv, name="games_csv"),
]
