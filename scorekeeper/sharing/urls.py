"""Groups, sharing a game, and the pages share links open. Included before the games' URLs: a
game's own pages (games/<pk>/<slug>/) must not take games/<pk>/share/."""

from django.urls import path

from . import views

urlpatterns = [
    path("games/<int:pk>/share/", views.game_share, name="game_share"),
    path("games/<int:pk>/share/<slug:kind>/make/", views.share_link_make, name="share_link_make"),
    path(
        "games/<int:pk>/share/<slug:kind>/revoke/",
        views.share_link_revoke,
        name="share_link_revoke",
    ),
    path("games/<int:pk>/people/", views.game_person_add, name="game_person_add"),
    path(
        "games/<int:pk>/people/<int:user_id>/remove/",
        views.game_person_remove,
        name="game_person_remove",
    ),
    path("watch/<slug:token>/", views.watch, name="watch"),
    path("watch/<slug:token>/live/", views.watch_live, name="watch_live"),
    path("watch/<slug:token>/export/", views.watch_export, name="watch_export"),
    path("watch/<slug:token>/follow/", views.watch_follow, name="watch_follow"),
    path("keep/<slug:token>/", views.keep_join, name="keep_join"),
    path("groups/", views.group_list, name="groups"),
    path("groups/<int:pk>/", views.group_detail, name="group"),
    path("groups/<int:pk>/members/", views.group_member_add, name="group_member_add"),
    path(
        "groups/<int:pk>/members/<int:user_id>/remove/",
        views.group_member_remove,
        name="group_member_remove",
    ),
    path(
        "groups/<int:pk>/members/<int:user_id>/role/",
        views.group_member_role,
        name="group_member_role",
    ),
    path(
        "groups/<int:pk>/games/<int:game_pk>/add/",
        views.group_game_add,
        name="group_game_add",
    ),
    path(
        "groups/<int:pk>/players/<int:player_pk>/link/",
        views.group_player_link,
        name="group_player_link",
    ),
]
