from django.urls import path

from . import views

urlpatterns = [
    path("games/import/", views.game_import, name="game_import"),
    path("games/<int:pk>/export/", views.game_export, name="game_export"),
    path("account/games.json", views.my_games, name="my_games"),
]
