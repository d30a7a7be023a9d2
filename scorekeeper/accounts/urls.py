from django.contrib.auth import views as auth_views
from django.urls import path

from . import account, signup, visitors

urlpatterns = [
    path("signup/", signup.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/", account.account, name="account"),
    path("mine/<slug:token>/", visitors.private_link, name="private_link"),
    path("games/<int:pk>/again/", visitors.play_again, name="play_again"),
]
