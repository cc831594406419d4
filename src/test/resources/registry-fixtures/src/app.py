import json


def main():
    # TODO: read settings from data/config.json
    print("hello")


if __name__ == "__main__":
    main()
