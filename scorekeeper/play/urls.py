from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_new, name="game_new"),
    # A game's page, then what its page asks: the board's parts, the deal form's saves, a past
    # deal's edit and what-if.
    path("games/<int:pk>/", views.game_detail, name="game"),
    path("games/<int:pk>/live/", views.game_live, name="game_live"),
    path("games/<int:pk>/chart/", views.game_chart, name="game_chart"),
    path("games/<int:pk>/preview/", views.deal_preview, name="deal_preview"),
    path("games/<int:pk>/open/", views.deal_open, name="deal_open"),
    path("games/<int:pk>/reopen/", views.deal_reopen, name="deal_reopen"),
    path("games/<int:pk>/deals/", views.deal_record, name="deal_record"),
    path("games/<int:pk>/undo/", views.deal_undo, name="deal_undo"),
    path("games/<int:pk>/deals/<int:number>/edit/", views.deal_edit, name="deal_edit"),
    path("games/<int:pk>/deals/<int:number>/what-if/", views.deal_what_if, name="deal_what_if"),
    path("rules/<slug:key>/", views.rules_page, name="rules"),
    # A game's own pages (registry GamePage): last, as games/<pk>/<page>/ has the shape of
    # every fixed games/<pk>/... address above (and of other apps' before this one's include).
    path("games/<int:pk>/<slug:page>/", views.game_page, name="game_page"),
]
